import { MyOrderList } from './my-lists';

export default function Page() {
  return <MyOrderList />;
}
