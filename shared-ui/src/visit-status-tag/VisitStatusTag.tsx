import { Tag } from 'antd';
import { visitStatusColor, visitTagLabel, type VisitTagInput } from './visit-status';

export type VisitStatusTagProps = VisitTagInput;

/** A visit's status as a coloured tag with the SPEC §4 label. */
export function VisitStatusTag(props: VisitStatusTagProps) {
  const color = visitStatusColor(props);
  return (
    <Tag color={color} data-color={color} className="carelane-visit-status">
      {visitTagLabel(props)}
    </Tag>
  );
}
