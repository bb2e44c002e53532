import { gstStateCode } from './branding';

/** Places of India beyond the state list (contracts/branding.ts GST_STATES): the tax of a union territory, PIN codes. */

/**
 * Union territories without a legislature: within one of them the state half of the tax is UTGST, not SGST (UTGST
 * Act 2017 s.7). Delhi, Puducherry and Jammu and Kashmir have legislatures and charge SGST.
 */
export const UTGST_CODES: readonly string[] = ['04', '26', '31', '35', '38'];

/**
 * The first digit of the PIN codes of each state (India Post's nine zones; 9 is the Army Postal Service, allowed
 * anywhere): a PIN code whose zone is not the chosen state's is a typo in one or the other, and the state is the
 * place of supply.
 */
const PIN_ZONES: Record<string, string> = {
  '01': '1',
  '02': '1',
  '03': '1',
  '04': '1',
  '06': '1',
  '07': '1',
  '38': '1',
  '05': '2',
  '09': '2',
  '08': '3',
  '24': '3',
  '26': '3',
  '22': '4',
  '23': '4',
  '27': '4',
  '30': '4',
  '29': '5',
  '36': '5',
  '37': '5',
  '34': '56',
  '31': '6',
  '32': '6',
  '33': '6',
  '11': '7',
  '12': '7',
  '13': '7',
  '14': '7',
  '15': '7',
  '16': '7',
  '17': '7',
  '18': '7',
  '19': '7',
  '21': '7',
  '35': '7',
  '10': '8',
  '20': '8',
};
/** Whether a 6-digit PIN code can lie in this state (by its zone digit); an unknown state or a short PIN is not judged here. */
export function pincodeFitsState(pincode: string, state: string | null | undefined): boolean {
  const code = gstStateCode(state);
  if (!code || !/^[1-9][0-9]{5}$/.test(pincode)) return true;
  return pincode[0] === '9' || (PIN_ZONES[code] ?? pincode[0]).includes(pincode[0]);
}
