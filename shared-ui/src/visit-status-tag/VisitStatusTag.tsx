import { Tag } from 'antd';
import { visitStatusColor, visitStatusLabel, type VisitLabelInput } from './visit-status';

export type VisitStatusTagProps = VisitLabelInput;

/** A visit's status as a coloured tag with the SPEC §4 label. */
export function VisitStatusTag(props: VisitStatusTagProps) {
  const color = visitStatusColor(props);
  return (
    <Tag color={color} data-color={color} className="carelane-visit-status">
      {visitStatusLabel(props)}
    </Tag>
  );
}
