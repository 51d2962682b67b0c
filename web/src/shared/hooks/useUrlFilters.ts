import { pageOf, useAddress, withPage } from './useListSearch';
import { useEffect, useState } from 'react';

/**
 * A list's filters kept in the address (so Back and a shared link keep them): the form edits a copy,
 * and the Filter button writes it and goes back to the first page. A filter missing from the address
 * has its default (e.g. the user's home branch); one set to its default stays out of the address.
 */
export function useUrlFilters<Name extends string>(names: readonly Name[], defaults: Partial<Record<Name, string>> = {}) {
  const [params, setParams] = useAddress();
  const read = () => Object.fromEntries(names.map((name) => [name, params.get(name) ?? defaults[name] ?? ''])) as Record<Name, string>;
  const applied = read();
  const appliedKey = JSON.stringify(applied);
  const [form, setForm] = useState(applied);
  const page = pageOf(params);

  // The address changed by a link or Back: the form shows what is applied.
  useEffect(() => setForm(read()), [appliedKey]);

  const applyValues = (values: Record<Name, string>) =>
    setParams(() => {
      const next = new URLSearchParams();
      for (const name of names) if (values[name] && values[name] !== (defaults[name] ?? '')) next.set(name, values[name]);
      return next;
    });
  const apply = () => applyValues(form);

  const setPage = (value: number) => setParams((current) => withPage(current, value));

  return {
    applied,
    form,
    setFormField: (name: Name, value: string) => setForm((current) => ({ ...current, [name]: value })),
    apply,
    /** Sets one filter and applies the form at once (a one-click filter). */
    applyField: (name: Name, value: string) => {
      const next = { ...form, [name]: value };
      setForm(next);
      applyValues(next);
    },
    page,
    setPage,
  };
}
