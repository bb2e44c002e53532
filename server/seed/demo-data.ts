/** Demo accounts and catalog (README lists the same credentials). */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.local', password: 'Admin@12345!' },
  /** Approves the cycles the first admin calculates (a calculation needs a second admin's approval). */
  admin2: { email: 'admin2@demo.local', password: 'Admin2@12345', firstName: 'Second', lastName: 'Admin' },
  founder: { email: 'founder@demo.local', password: 'Founder@12345' },
  member: { email: 'member@demo.local', password: 'Member@12345', firstName: 'Asha', lastName: 'Verma', mobile: '9876543210' },
  pending: { email: 'pending@demo.local', password: 'Pending@12345', firstName: 'Ravi', lastName: 'Kumar', mobile: '9123456780' },
  franchise: { email: 'franchise@demo.local', password: 'Franchise@12345', firstName: 'Meera', lastName: 'Iyer', mobile: '9855555555' },
} as const;

/** Opening wallet credits (admin credits through the ledger, so the books balance). */
export const DEMO_WALLET_CREDIT = '25000.00';

export const DEMO_NEWS = {
  title: 'Welcome to the new member platform',
  content: 'Your team, purchases, wallet and KYC now live in one place. Complete your KYC within 7 days of activation to unlock withdrawals.',
} as const;

export const DEMO_DOWNLINE = [
  { key: 'l1', parent: 'member', side: 'left', email: 'neha.left@demo.local', firstName: 'Neha', lastName: 'Sharma', password: 'Member@12345', mobile: '9811111111', joinsLate: false },
  { key: 'r1', parent: 'member', side: 'right', email: 'arjun.right@demo.local', firstName: 'Arjun', lastName: 'Mehta', password: 'Member@12345', mobile: '9822222222', joinsLate: false },
  { key: 'l2', parent: 'l1', side: 'left', email: 'priya.ll@demo.local', firstName: 'Priya', lastName: 'Nair', password: 'Member@12345', mobile: '9833333333', joinsLate: true },
  { key: 'r2', parent: 'r1', side: 'right', email: 'vikram.rr@demo.local', firstName: 'Vikram', lastName: 'Singh', password: 'Member@12345', mobile: '9844444444', joinsLate: true },
] as const;

/** The demo company (issue 15): its name, colour, GSTIN and address brand the portal, the mails and the invoices. */
export const DEMO_COMPANY = {
  companyName: 'Sunrise Wellness Pvt Ltd',
  legalName: 'Sunrise Wellness Private Limited',
  cin: 'U52399MH2019PTC321456',
  primaryColor: '#4f46e5',
  supportEmail: 'support@sunrise-wellness.example',
  supportPhone: '+91 20 4000 1234',
  gstin: '27AAFCS1234K1Z5',
  address: '4th Floor, Orchid Plaza, FC Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411004',
} as const;

/**
 * The demo company's grievance officer and nodal officer (Consumer Protection (Direct Selling) Rules, 2021, rule 4):
 * published on the public Grievance Redressal page and printed on invoices and credit notes.
 */
export const DEMO_GRIEVANCE_OFFICERS = {
  officerName: 'Kavita Rao',
  officerDesignation: 'Grievance Officer',
  officerPhone: '+91 20 4000 1240',
  officerEmail: 'grievance@sunrise-wellness.example',
  nodalName: 'Rahul Deshpande',
  nodalDesignation: 'Nodal Officer and Head of Compliance',
  nodalPhone: '+91 20 4000 1250',
  nodalEmail: 'nodal.officer@sunrise-wellness.example',
} as const;

export const DEMO_PRODUCTS = [
  {
    name: 'AquaPure RO Water Purifier',
    description: '7-stage RO + UV purification, 8 litre tank, mineral cartridge.',
    price: '14999.00',
    bv: '5000.00',
    gst: '18.00',
    category: 'water_purifier',
    purchaseType: 'first_purchase',
    hsnCode: '84212120',
  },
  {
    name: 'AquaPure Filter Kit',
    description: 'Annual service kit: sediment, carbon and RO membrane filters.',
    price: '2499.00',
    bv: '800.00',
    gst: '18.00',
    category: 'water_purifier',
    purchaseType: 'second_purchase',
    hsnCode: '84219900',
  },
  {
    name: 'VisionMax 43" 4K LED TV',
    description: '43 inch 4K UHD smart LED television with HDR10 and 20 W speakers.',
    price: '27999.00',
    bv: '9000.00',
    gst: '28.00',
    category: 'led_tv',
    purchaseType: 'first_purchase',
    hsnCode: '85287217',
  },
  {
    name: 'VisionMax Wall Mount and Soundbar',
    description: 'Tilting wall mount with a 60 W soundbar for VisionMax TVs.',
    price: '4999.00',
    bv: '1500.00',
    gst: '18.00',
    category: 'led_tv',
    purchaseType: 'second_purchase',
    hsnCode: '85182200',
  },
  {
    name: 'BreezeLine BLDC Ceiling Fan',
    description: '1200 mm energy-saving BLDC fan with remote, 28 W at full speed.',
    price: '3999.00',
    bv: '1200.00',
    gst: '18.00',
    category: 'ceiling_fan',
    purchaseType: 'first_purchase',
    hsnCode: '84145110',
  },
  {
    name: 'BreezeLine Fan Regulator and Canopy Set',
    description: 'Replacement smart regulator and decorative canopy set.',
    price: '899.00',
    bv: '250.00',
    gst: '18.00',
    category: 'ceiling_fan',
    purchaseType: 'second_purchase',
    hsnCode: '85371000',
  },
] as const;

/**
 * The demo's history (demo-history.ts): the purchases of each past weekly pairing cycle, oldest first. The last
 * three lists go to the last three weeks; a week before those (there are one or two when the last monthly
 * cycle ended less than three weeks ago) gets QUIET_WEEK. `by` is a DEMO_ACCOUNTS key or a DEMO_DOWNLINE key;
 * `wallet` pays from the wallet at once, `upi` and `bank_transfer` are marked paid by the admin a few hours later.
 * Every week the demo member's two legs (Neha and Arjun) buy the same BV, and the franchise holder (the
 * founder's right leg) buys what the founder's left leg bought, in whole pair units: every pair is matched
 * and no carry is left over for the cycles that follow.
 */
export type DemoBuy = { by: 'member' | 'franchise' | 'l1' | 'r1'; product: (typeof DEMO_PRODUCTS)[number]['name']; quantity: number; pay: 'wallet' | 'upi' | 'bank_transfer' };
const PURIFIER = 'AquaPure RO Water Purifier';
const FILTER = 'AquaPure Filter Kit';
const MOUNT = 'VisionMax Wall Mount and Soundbar';
const FAN = 'BreezeLine BLDC Ceiling Fan';
const REGULATOR = 'BreezeLine Fan Regulator and Canopy Set';
export const QUIET_WEEK: DemoBuy[] = [
  { by: 'member', product: FAN, quantity: 1, pay: 'wallet' },
  { by: 'franchise', product: FAN, quantity: 1, pay: 'wallet' },
];
export const DEMO_WEEKS: DemoBuy[][] = [
  [
    { by: 'l1', product: PURIFIER, quantity: 1, pay: 'upi' },
    { by: 'r1', product: PURIFIER, quantity: 1, pay: 'upi' },
    { by: 'franchise', product: PURIFIER, quantity: 2, pay: 'bank_transfer' },
  ],
  [
    { by: 'member', product: FAN, quantity: 1, pay: 'wallet' },
    { by: 'l1', product: FILTER, quantity: 1, pay: 'upi' },
    { by: 'r1', product: FILTER, quantity: 1, pay: 'upi' },
    { by: 'franchise', product: FAN, quantity: 1, pay: 'wallet' },
    { by: 'franchise', product: FILTER, quantity: 2, pay: 'wallet' },
  ],
  [
    { by: 'l1', product: REGULATOR, quantity: 2, pay: 'upi' },
    { by: 'member', product: MOUNT, quantity: 1, pay: 'wallet' },
    { by: 'r1', product: REGULATOR, quantity: 2, pay: 'upi' },
    { by: 'franchise', product: MOUNT, quantity: 1, pay: 'bank_transfer' },
    { by: 'franchise', product: REGULATOR, quantity: 4, pay: 'bank_transfer' },
  ],
];

/**
 * The payout accounts of the demo members who withdraw (issue 30): given at registration, verified by an approved
 * cancelled cheque, their 24-hour hold long over, so Wallet › Request Withdrawal works on the first start.
 */
export const DEMO_BANK_ACCOUNTS = {
  member: { bankName: 'HDFC Bank', bankIFSC: 'HDFC0001234', bankAccountNumber: '50100234567891', bankAccountHolderName: 'Asha Verma' },
  franchise: { bankName: 'ICICI Bank', bankIFSC: 'ICIC0000456', bankAccountNumber: '000401234567', bankAccountHolderName: 'Meera Iyer' },
} as const;

/** The demo member's past withdrawal (requested in the last past week, paid out by the second admin). */
export const DEMO_PAST_WITHDRAWAL = '3000.00';
