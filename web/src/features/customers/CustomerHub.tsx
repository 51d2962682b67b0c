import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import type { Customer } from '@schemas/customers';
import { PartyHub } from '../../shared/parties/PartyHub';
import { customerSummaryQuery } from './api';

/** New invoice and New sale, with the customer chosen. */
export function CustomerActions({ customer }: { customer: Customer }) {
  return (
    <>
      <Link to={`/invoices/create?customer_id=${customer.id}`} className="btn btn-primary">
        New invoice
      </Link>
      <Link to={`/sales/create?customer_id=${customer.id}`} className="btn btn-primary">
        New sale
      </Link>
    </>
  );
}

/** The customer's balance and overdue amount, their statement, and their latest invoices, sales and payments. */
export function CustomerHub({ customer }: { customer: Customer }) {
  const summary = useQuery(customerSummaryQuery(customer.id));
  const byName = `customer=${encodeURIComponent(customer.name)}`;
  return (
    <PartyHub
      summary={summary}
      owed="Owed by this customer"
      statementPath={`/reports/customer-balance/${customer.id}`}
      receiptsEmpty="No payments yet"
      panels={[
        { title: 'Recent invoices', path: '/invoices', allPath: `/invoices?${byName}`, rows: summary.data?.invoices ?? [], empty: 'No invoices yet' },
        { title: 'Recent sales', path: '/sales', allPath: `/sales?${byName}`, rows: summary.data?.sales ?? [], empty: 'No sales yet' },
      ]}
    />
  );
}
