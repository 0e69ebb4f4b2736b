import { FacilityResponse } from './FacilityResponse';

export default function ChangeVisitPage() {
  return <FacilityResponse mode="change" />;
}
