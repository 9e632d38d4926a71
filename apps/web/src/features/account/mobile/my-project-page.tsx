import { MyProjectList } from './my-lists';

export default function Page() {
  return <MyProjectList />;
}
