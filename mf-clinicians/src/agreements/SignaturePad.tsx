// The drawn signature: a canvas that follows pointer events (mouse, pen, touch), loaded as a chunk of its own
// when a clinician opens an agreement to sign. Keyboard users type their name instead (the page offers it).
import { Button, Flex } from 'antd';
import { useRef } from 'react';

const WIDTH = 540;
const HEIGHT = 144;

export default function SignaturePad({ onChange }: { onChange: (dataUrl: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  const context = () => {
    const ctx = canvas.current?.getContext('2d') ?? null;
    if (ctx) {
      ctx.lineWidth = 2.5;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#0b1f44';
    }
    return ctx;
  };
  const pointAt = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / (box.width || WIDTH)) * WIDTH,
      y: ((event.clientY - box.top) / (box.height || HEIGHT)) * HEIGHT,
    };
  };
  const clear = () => {
    const ctx = context();
    ctx?.clearRect(0, 0, WIDTH, HEIGHT);
    drawn.current = false;
    onChange(null);
  };

  return (
    <Flex vertical gap={8} style={{ maxWidth: WIDTH }}>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        aria-label="Signature: draw with a mouse, pen or finger"
        role="img"
        style={{
          width: '100%',
          height: 'auto',
          border: '1px solid #8c8c8c',
          borderRadius: 6,
          background: '#fff',
          touchAction: 'none',
          cursor: 'crosshair',
        }}
        onPointerDown={(event) => {
          const ctx = context();
          if (!ctx) return;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          drawing.current = true;
          const { x, y } = pointAt(event);
          ctx.beginPath();
          ctx.moveTo(x, y);
          ctx.lineTo(x + 0.1, y + 0.1);
          ctx.stroke();
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const ctx = context();
          const { x, y } = pointAt(event);
          ctx?.lineTo(x, y);
          ctx?.stroke();
        }}
        onPointerUp={() => {
          if (!drawing.current) return;
          drawing.current = false;
          drawn.current = true;
          onChange(canvas.current!.toDataURL('image/png'));
        }}
        onPointerCancel={() => {
          drawing.current = false;
        }}
      />
      <div>
        <Button onClick={clear}>Clear signature</Button>
      </div>
    </Flex>
  );
}
