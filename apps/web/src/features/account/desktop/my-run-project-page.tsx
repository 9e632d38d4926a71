import { MyListSheet, MyRunProjectList } from './my-lists';

/** my/ on a PC: 进行中的项目. */
export default function Page() {
  return (
    <MyListSheet title="进行中的项目">
      <MyRunProjectList />
    </MyListSheet>
  );
}
