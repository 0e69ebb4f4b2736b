import { useLayoutEffect, useRef } from 'react';
import { areaSlot } from '../federation/areas';

/**
 * Where the areas mount. The slot element lives outside React (single-spa mounts each area's own React
 * root into it), so re-rendering or moving the shell's layout never unmounts an area.
 */
export function AreaSlot({ visible }: { visible: boolean }) {
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    holder.current?.append(areaSlot);
  }, []);
  useLayoutEffect(() => {
    areaSlot.hidden = !visible;
  }, [visible]);
  return <div ref={holder} className="carelane-area-holder" />;
}
