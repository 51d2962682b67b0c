import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../routes/Link';
import { ROLE_LABELS } from '@schemas/roles';
import { useAuth } from '../auth/AuthContext';
import { ChevronIcon, CloseIcon } from './icons';
import './sidebar-user.css';
import { isActive, isGroup, menuFor, type MenuGroup, type MenuLink } from './menu';

const STORAGE_KEY = 'sidebar_expanded_groups';

function readExpanded(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (Array.isArray(stored)) return stored.filter((value): value is string => typeof value === 'string');
  } catch {
    localStorage.removeItem(STORAGE_KEY);
  }
  return ['User Management'];
}

function groupId(group: MenuGroup): string {
  return `menu-${group.title.toLowerCase().replace(/\s+/g, '-')}`;
}

interface SidebarProps {
  open: boolean;
  onClose: () => void;
}

export function Sidebar({ open, onClose }: SidebarProps) {
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  const [expanded, setExpanded] = useState(readExpanded);
  const menu = useMemo(() => menuFor(user?.role), [user?.role]);

  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(expanded));
  }, [expanded]);

  useEffect(() => {
    const current = menu.find((entry) => isGroup(entry) && entry.links.some((link) => isActive(link, pathname, search)));
    if (current && isGroup(current)) {
      setExpanded((groups) => (groups.includes(current.title) ? groups : [...groups, current.title]));
    }
  }, [menu, pathname, search]);

  const toggle = (title: string) =>
    setExpanded((groups) => (groups.includes(title) ? groups.filter((group) => group !== title) : [...groups, title]));

  const renderLink = (link: MenuLink) => {
    const active = isActive(link, pathname, search);
    return (
      <li key={link.to}>
        <Link to={link.to} className={active ? 'nav-link active' : 'nav-link'} aria-current={active ? 'page' : undefined}>
          {link.label}
        </Link>
      </li>
    );
  };

  return (
    <aside id="sidebar" className={open ? 'sidebar open' : 'sidebar'} aria-label="Sidebar">
      <div className="sidebar-brand">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true" />
          Wheelhouse
        </Link>
        <button type="button" className="icon-btn sidebar-close" aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <nav className="sidebar-nav" aria-label="Main menu">
        <ul>
          {menu.map((entry) => {
            if (!isGroup(entry)) return renderLink(entry);
            const isOpen = expanded.includes(entry.title);
            const id = groupId(entry);
            return (
              <li key={entry.title} className="nav-group">
                <button
                  type="button"
                  className="nav-group-toggle"
                  aria-expanded={isOpen}
                  aria-controls={id}
                  onClick={() => toggle(entry.title)}
                >
                  <span>{entry.title}</span>
                  <ChevronIcon />
                </button>
                <ul id={id} className="nav-group-links" hidden={!isOpen}>
                  {entry.links.map(renderLink)}
                </ul>
              </li>
            );
          })}
        </ul>
      </nav>
      {user && (
        <Link to="/profile" className="sidebar-user" title="My Profile">
          <span className="avatar" aria-hidden="true">
            {user.name.trim().charAt(0).toUpperCase() || '?'}
          </span>
          <span className="sidebar-user-text">
            <span className="sr-only">My Profile: </span>
            <span className="sidebar-user-name">{user.name}</span>
            <span className="sidebar-user-email">{user.email}</span>
            <span className="sidebar-user-role">
              {ROLE_LABELS[user.role]}
              {user.home_location && ` · ${user.home_location.name}`}
            </span>
          </span>
        </Link>
      )}
    </aside>
  );
}
