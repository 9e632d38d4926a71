import { MyRunProjectList } from './my-lists';

export default function Page() {
  return <MyRunProjectList />;
}
