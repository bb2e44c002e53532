/**
 * The first Direct Seller Agreement (issue 32), published at first start so that every joining form has a text to
 * accept. Plain text: paragraphs separated by blank lines; a one-line paragraph that starts with a clause number is
 * a heading. An admin supersedes it with a new version (Seller Agreement in the admin portal); it is never edited.
 */
export const AGREEMENT_V1 = {
  title: 'Direct Seller Agreement',
  body: `This agreement is between the Company that runs this platform (the "Company") and you, the person joining as an independent direct seller (the "Direct Seller"). It is the written contract that the Consumer Protection (Direct Selling) Rules, 2021 require before you sell any product of the Company. Please read it fully. You accept it by ticking the box on the joining form, and the time of your acceptance and the address you accepted from are recorded.

1. Who you are to the Company

You are an independent direct seller, not an employee, agent or partner of the Company. You decide your own working hours. You may not sign anything, collect money or make promises in the Company's name except as this agreement allows.

2. Joining and your details

Joining is free of any entry or registration fee. Any product you buy is bought for its price and nothing else. The details you give (name, address, PAN, Aadhaar, bank account and contact details) must be true and your own. You will complete your KYC within the time the portal shows. The Company may refuse or end a registration made with false details.

3. Honest selling: no misleading claims

You will describe products only as the Company's labels and literature describe them. You will not claim that a product cures, treats or prevents any illness, and you will not promise any income, return or reward that the Company's published plan does not provide. You will not tell anyone that they can earn simply by recruiting other people: income comes only from the sale of products to consumers. You will not use the Company's name, logo or materials in any way the Company has not approved, including on social media.

4. Identity card and meeting customers

You will carry the identity card the Company issues (or the digital card in the portal) and show it to every prospective customer before you begin. You will tell the customer your name, your Direct Seller ID, the Company's name and address, and the purpose of your visit. You will visit a customer's home or workplace only with their prior permission, and leave when asked.

5. Orders, receipts and the cooling-off period

For every sale you will give the customer an order form or receipt with the product, its price, the date, your Direct Seller ID and the Company's contact details. Every customer may cancel an order within the cooling-off period of 30 days from delivery and get a full refund, as the Company's return policy sets out. You will explain this right to the customer and help them use it.

6. No inventory loading

You will never be asked, and you will never ask anyone else, to buy more stock than can reasonably be sold or used. No reward depends on buying stock for its own sake. You will not pressure anyone to buy products to qualify for a rank or an income.

7. Buy-back and returns

The Company buys back any unsold product you bought within the last 30 days that is in a resaleable condition, and refunds what you paid, less only the taxes the law does not allow it to refund. A product that is damaged in transit, expired or short-supplied is replaced or refunded in full. Returns are requested through the portal or the support desk.

8. Your income

Your income comes from the sale of products, as the Company's published compensation plan describes. The plan, its rates and its conditions are shown in the portal. Tax is deducted at source as the law requires, and every payment appears in your wallet and statements.

9. Personal information

The Company keeps your personal information and your customers' information safe, uses it only to run your account and to meet the law, and does not sell it. You will use your customers' information only to serve them.

10. Ending this agreement

You may end this agreement at any time by writing to the Company; any product bought within the last 30 days may then be returned under clause 7. The Company may end it, after notice and a chance for you to reply, if you break this agreement, the Direct Selling Rules or any other law. Income earned before the end is paid as the plan provides.

11. Grievance redressal

A customer or a direct seller may raise a complaint through the portal's support desk or by writing to the Company's Grievance Redressal Officer, whose name and contact details are published on the Company's website and in the portal. Every complaint is acknowledged within 48 hours and resolved within one month of receipt.

12. Changes to this agreement

The Company may publish a new version of this agreement. You will be shown it the next time you sign in and asked to accept it before you continue. Each version you accept stays available for download in your Settings.

13. Law and disputes

This agreement is governed by the laws of India. Any dispute that cannot be settled through grievance redressal is decided by the courts at the place of the Company's registered office.`,
} as const;
