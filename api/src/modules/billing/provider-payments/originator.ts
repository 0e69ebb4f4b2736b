// Who the NACHA files come from: our company at our bank (the ODFI). Demo values; a bank gives the real ones.
import type { NachaOriginator } from '@carelane/shared-domain';

export const NACHA_ORIGINATOR: NachaOriginator = {
  odfiRoutingNumber: '121000248',
  odfiName: 'CARELANE DEMO BANK',
  immediateOrigin: '1870000001',
  immediateOriginName: 'CARELANE STAFFING LLC',
  companyName: 'CARELANE LLC',
  companyIdentification: '1870000001',
  companyEntryDescription: 'PAYROLL',
};

/** File ID modifiers of the day's files, in order (A–Z, then 0–9). */
export const FILE_ID_MODIFIERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
