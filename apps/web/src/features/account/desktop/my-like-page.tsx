import { MyListSheet, MyLikeList } from './my-lists';

/** my/ on a PC: 我的收藏. */
export default function Page() {
  return (
    <MyListSheet title="我的收藏">
      <MyLikeList />
    </MyListSheet>
  );
}
