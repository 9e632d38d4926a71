import '../../../shared/ui/desktop/page.css';
import './payment-desktop.css';
import { Link } from 'react-router';
import { paths } from '../../../platform';
import { PagedList } from '../../../shared/ui/desktop/paged-list';
import { MY_LIST_TEXT, useMyOrders } from '../../account';
import { OrderRow } from './order-row';

/** my/myOrder on a PC: every order with its number, amount, state and paid time. */
export default function MyOrderPage() {
  return (
    <section className="d-page d-orders" aria-label={MY_LIST_TEXT.orders.label}>
      <PagedList
        query={useMyOrders()}
        {...MY_LIST_TEXT.orders}
        className="d-orders__list"
        itemKey={(o) => o.OrderId}
        renderItem={(o) => <OrderRow order={o} />}
        emptyAction={<Link to={paths.projectList()}>去看看正在报名的项目</Link>}
      />
    </section>
  );
}
