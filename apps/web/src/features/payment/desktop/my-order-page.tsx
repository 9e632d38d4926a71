import '../../../shared/ui/desktop/page.css';
import './payment-desktop.css';
import { Link } from 'react-router';
import { paths } from '../../../platform';
import { PagedList } from '../../../shared/ui/desktop/paged-list';
import { useMyOrders } from '../../account';
import { OrderRow } from './order-row';

/** my/myOrder on a PC: every order with its number, amount, state and paid time. */
export default function MyOrderPage() {
  return (
    <section className="d-page d-orders" aria-label="我的订单">
      <PagedList
        query={useMyOrders()}
        label="我的订单"
        className="d-orders__list"
        itemKey={(o) => o.OrderId}
        renderItem={(o) => <OrderRow order={o} />}
        emptyTitle="暂无订单"
        emptyAction={<Link to={paths.projectList()}>去看看正在报名的项目</Link>}
      />
    </section>
  );
}
