import { POINT_RENDERER_KEY, pointRenderer, rendererForGl } from './point-renderer';

describe('the coverage map point renderer', () => {
  it.each([
    ['ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)', 'webgl'],
    ['Apple M2', 'webgl'],
    [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'canvas',
    ],
    ['llvmpipe (LLVM 15.0.6, 256 bits)', 'canvas'],
    ['Microsoft Basic Render Driver', 'canvas'],
    ['', 'canvas'],
  ] as const)('draws with %s → %s', (name, renderer) => {
    expect(rendererForGl(name)).toBe(renderer);
  });

  it('uses canvas without WebGL (jsdom), unless localStorage names one', () => {
    expect(rendererForGl(null)).toBe('canvas');
    expect(pointRenderer()).toBe('canvas');
    localStorage.setItem(POINT_RENDERER_KEY, 'webgl');
    expect(pointRenderer()).toBe('webgl');
    localStorage.removeItem(POINT_RENDERER_KEY);
  });
});
