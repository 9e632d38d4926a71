import { MyHistoryList } from './my-lists';

export default function Page() {
  return <MyHistoryList />;
}
