/** An order's delivery as one line: address, state and PIN code (older orders have the address alone). */
export function deliveryLine(o: { deliveryAddress: string; deliveryState: string | null; deliveryPincode: string | null }): string {
  const tail = [o.deliveryState, o.deliveryPincode].filter(Boolean).join(' ');
  return tail ? `${o.deliveryAddress}, ${tail}` : o.deliveryAddress;
}
