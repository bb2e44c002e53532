import { file, type RouteContract, created, ok } from '../route-contract';
import {
  CustomerAnswer,
  CustomerCreate,
  CustomerDetail,
  CustomerIdParam,
  CustomerInvite,
  CustomerInviteAnswer,
  CustomerList,
  CustomerQuery,
  LocalSaleAnswer,
  LocalSaleCreate,
  LocalSaleIdParam,
  LocalSaleList,
  LocalSaleQuery,
} from '../local-sales';

/** Local sales and retail customers of a franchise holder (issue 16). */
export const LOCAL_SALES_API = {
  'GET /api/franchise/local-sales': ok("Own local sales, newest first (optionally one customer's)", LocalSaleList, { query: LocalSaleQuery }),
  'POST /api/franchise/local-sales': created('Sell from own stock to a member (BV credited as an online purchase) or a registered customer, with the payment and a tax invoice', LocalSaleAnswer, {
    body: LocalSaleCreate,
  }),
  'GET /api/franchise/local-sales/:id/invoice': ok('The GST tax invoice of an own local sale', file(['application/pdf'], 'The tax invoice'), { params: LocalSaleIdParam }),
  'GET /api/franchise/customers': ok('Own retail customers, searchable by name or mobile', CustomerList, { query: CustomerQuery }),
  'POST /api/franchise/customers': created('Register a retail customer: name, mobile, address, consent to contact', CustomerAnswer, { body: CustomerCreate }),
  'GET /api/franchise/customers/:id': ok('One own customer with their purchase history', CustomerDetail, { params: CustomerIdParam }),
  'POST /api/franchise/customers/:id/invite': created('Invite an own customer to join: a referral link with the franchise holder as sponsor', CustomerInviteAnswer, {
    params: CustomerIdParam,
    body: CustomerInvite,
  }),
} as const satisfies Record<string, RouteContract>;
