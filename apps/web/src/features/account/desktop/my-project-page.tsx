import { MyListSheet, MyProjectList } from './my-lists';

/** my/ on a PC: 我的项目. */
export default function Page() {
  return (
    <MyListSheet title="我的项目">
      <MyProjectList />
    </MyListSheet>
  );
}
