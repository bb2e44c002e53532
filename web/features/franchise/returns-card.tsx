import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { OwnReturnsList, useReturnParam } from '../returns';

/**
 * Returns (issue 32): the counter sales the holder took back, and their own purchases' returns, each with its status;
 * a return opens at its own address (?return=<id>: the page's ?id= is the customers').
 */
export function ReturnsCard() {
  const record = useReturnParam();
  return (
    <Card aria-labelledby="franchise-returns">
      <CardHeader>
        <CardTitle id="franchise-returns">Returns</CardTitle>
        <CardDescription>Counter sales you are taking back, with their status. An admin approves each return and records the refund.</CardDescription>
      </CardHeader>
      <CardContent>
        <OwnReturnsList record={record} withBuyer label="Returns" emptyHint="A customer bringing goods back? Use Return on the sale in your Sales Register, within the return window." />
      </CardContent>
    </Card>
  );
}
