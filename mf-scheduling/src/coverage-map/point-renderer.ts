/** How the coverage map draws its points: WebGL on hardware GL, a canvas image where GL is software or missing. */
export type PointRenderer = 'webgl' | 'canvas';

/** Set to 'webgl' or 'canvas' in localStorage to choose the renderer (support, and the benchmark's comparison). */
export const POINT_RENDERER_KEY = 'carelane.coverageMap.renderer';

const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** The renderer a WebGL renderer name calls for; null or '' (no WebGL, or the name hidden): canvas. */
export function rendererForGl(glRenderer: string | null): PointRenderer {
  return glRenderer && !SOFTWARE_GL.test(glRenderer) ? 'webgl' : 'canvas';
}

function glRendererName(): string | null {
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return null;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return name;
  } catch {
    return null;
  }
}

let chosen: PointRenderer | undefined;

export function pointRenderer(): PointRenderer {
  const forced = globalThis.localStorage?.getItem(POINT_RENDERER_KEY);
  if (forced === 'webgl' || forced === 'canvas') return forced;
  chosen ??= rendererForGl(glRendererName());
  return chosen;
}
