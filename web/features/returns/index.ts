// Returns, refunds and credit notes (docs/spec/returns.md; issue 32): the member's and the franchise holder's face.
export { ReturnRequestDialog } from './return-request-dialog';
export { OwnReturnsList, useReturnParam, useReturnRecordParam, type RecordLink } from './own-returns';
export { useOwnReturns, type ReturnableItem, type ReturnItem } from './returns-api';
