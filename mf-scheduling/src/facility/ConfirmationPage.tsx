import { FacilityResponse } from './FacilityResponse';

export default function ConfirmationPage() {
  return <FacilityResponse mode="accept" />;
}
