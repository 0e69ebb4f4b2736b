import { FacilityResponse } from './FacilityResponse';

export default function RejectReasonPage() {
  return <FacilityResponse mode="reject" />;
}
