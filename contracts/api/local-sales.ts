import { file, type RouteContract } from '../route-contract';
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
  'GET /api/franchise/local-sales': { summary: "Own local sales, newest first (optionally one customer's)", query: LocalSaleQuery, response: { 200: LocalSaleList } },
  'POST /api/franchise/local-sales': {
    summary: 'Sell from own stock to a member (BV credited as an online purchase) or a registered customer, with the payment and a tax invoice',
    body: LocalSaleCreate,
    response: { 201: LocalSaleAnswer },
  },
  'GET /api/franchise/local-sales/:id/invoice': { summary: 'The GST tax invoice of an own local sale', params: LocalSaleIdParam, response: { 200: file(['application/pdf'], 'The tax invoice') } },
  'GET /api/franchise/customers': { summary: 'Own retail customers, searchable by name or mobile', query: CustomerQuery, response: { 200: CustomerList } },
  'POST /api/franchise/customers': { summary: 'Register a retail customer: name, mobile, address, consent to contact', body: CustomerCreate, response: { 201: CustomerAnswer } },
  'GET /api/franchise/customers/:id': { summary: 'One own customer with their purchase history', params: CustomerIdParam, response: { 200: CustomerDetail } },
  'POST /api/franchise/customers/:id/invite': {
    summary: 'Invite an own customer to join: a referral link with the franchise holder as sponsor',
    params: CustomerIdParam,
    body: CustomerInvite,
    response: { 201: CustomerInviteAnswer },
  },
} as const satisfies Record<string, RouteContract>;
