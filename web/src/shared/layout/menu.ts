export interface MenuLink {
  label: string;
  to: string;
  /** Only administrators see it. */
  admin?: boolean;
  /** Active on this path only, not on the paths under it. */
  exact?: boolean;
}

export interface MenuGroup {
  title: string;
  links: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export const menu: MenuEntry[] = [
  { label: 'Dashboard', to: '/' },
  {
    title: 'User Management',
    links: [
      { label: 'Suppliers', to: '/suppliers' },
      { label: 'Customers', to: '/customers' },
    ],
  },
  {
    title: 'Product Management',
    links: [
      { label: 'Tire Brands', to: '/tire-brands' },
      { label: 'Battery Brands', to: '/battery-brands' },
      { label: 'Patterns', to: '/patterns' },
      { label: 'Tags', to: '/tags' },
      { label: 'Tire Types', to: '/tire-types' },
      { label: 'Made In', to: '/made-in' },
      { label: 'Locations', to: '/locations' },
    ],
  },
  {
    title: 'Inventory',
    links: [
      { label: 'Tires', to: '/tires' },
      { label: 'Batteries', to: '/batteries' },
      { label: 'Wipers', to: '/wiper-products' },
      { label: 'Overview', to: '/inventories' },
      { label: 'Transfers', to: '/transfers' },
      { label: 'Services', to: '/services' },
      { label: 'Stock Counts', to: '/stock-counts' },
    ],
  },
  {
    title: 'Sales',
    links: [
      { label: 'Quotes', to: '/quotes' },
      { label: 'Invoices', to: '/invoices' },
      { label: 'Sales', to: '/sales' },
      { label: 'Credit Notes', to: '/credit-notes' },
      { label: 'Receipts', to: '/receipts?type=sale' },
      { label: 'Close the Day', to: '/day-close' },
      { label: 'Day Closes', to: '/day-closes' },
    ],
  },
  {
    title: 'Purchases',
    links: [
      { label: 'Orders', to: '/purchases' },
      { label: 'Reorder', to: '/reorder' },
      { label: 'Supplier Returns', to: '/supplier-returns' },
      { label: 'Receipts', to: '/receipts?type=purchase' },
    ],
  },
  {
    title: 'Reports',
    links: [
      { label: 'Inventory', to: '/reports/inventory' },
      { label: 'Sales', to: '/reports/sales' },
      { label: 'Purchases', to: '/reports/purchases' },
      { label: 'Fees and Cores', to: '/reports/fees' },
      { label: 'Customer Balance', to: '/reports/customer-balance' },
      { label: 'Supplier Balance', to: '/reports/supplier-balance' },
      { label: 'Over/Short', to: '/reports/over-short' },
    ],
  },
  {
    title: 'Settings',
    links: [
      { label: 'Shop Settings', to: '/settings', exact: true },
      { label: 'Users', to: '/settings/users', admin: true },
      { label: 'Audit Trail', to: '/settings/audit', admin: true },
      { label: 'My Profile', to: '/profile' },
    ],
  },
];

/** The menu as a user of this role sees it: no administrator's entries for staff, no empty groups. */
export function menuFor(role: 'admin' | 'staff' | undefined): MenuEntry[] {
  if (role === 'admin') return menu;
  return menu.flatMap((entry): MenuEntry[] => {
    if (!isGroup(entry)) return entry.admin ? [] : [entry];
    const links = entry.links.filter((link) => !link.admin);
    return links.length ? [{ ...entry, links }] : [];
  });
}

export function isGroup(entry: MenuEntry): entry is MenuGroup {
  return 'links' in entry;
}

export function isActive(link: MenuLink, pathname: string, search: string): boolean {
  const [path, query] = link.to.split('?');
  if (path === '/') return pathname === '/';
  if (pathname !== path && (link.exact || !pathname.startsWith(`${path}/`))) return false;
  if (!query) return true;
  const wanted = new URLSearchParams(query);
  const current = new URLSearchParams(search);
  return [...wanted].every(([key, value]) => current.get(key) === value);
}
