import { MyLikeList } from './my-lists';

export default function Page() {
  return <MyLikeList />;
}
