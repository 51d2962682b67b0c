export interface MenuLink {
  label: string;
  to: string;
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
      { label: 'Services', to: '/services' },
    ],
  },
  {
    title: 'Sales',
    links: [
      { label: 'Invoices', to: '/invoices' },
      { label: 'Sales', to: '/sales' },
      { label: 'Receipts', to: '/receipts?type=sale' },
    ],
  },
  {
    title: 'Purchases',
    links: [
      { label: 'Orders', to: '/purchases' },
      { label: 'Receipts', to: '/receipts?type=purchase' },
    ],
  },
  {
    title: 'Reports',
    links: [
      { label: 'Inventory', to: '/reports/inventory' },
      { label: 'Sales', to: '/reports/sales' },
      { label: 'Purchases', to: '/reports/purchases' },
      { label: 'Customer Balance', to: '/reports/customer-balance' },
      { label: 'Supplier Balance', to: '/reports/supplier-balance' },
    ],
  },
  { label: 'Settings', to: '/settings' },
];

export function isGroup(entry: MenuEntry): entry is MenuGroup {
  return 'links' in entry;
}

export function isActive(link: MenuLink, pathname: string, search: string): boolean {
  const [path, query] = link.to.split('?');
  if (path === '/') return pathname === '/';
  if (pathname !== path && !pathname.startsWith(`${path}/`)) return false;
  if (!query) return true;
  const wanted = new URLSearchParams(query);
  const current = new URLSearchParams(search);
  return [...wanted].every(([key, value]) => current.get(key) === value);
}
