import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { CameraScanButton } from './CameraScanButton';
import { FieldFrame } from './FieldFrame';
import { useDebounced } from '../hooks/useDebounced';
import './combobox.css';

interface SearchComboboxProps<T, Data, Key extends readonly unknown[]> {
  label: string;
  /** The chosen option, or null. */
  value: T | null;
  onChange: (value: T | null) => void;
  /** Options matching the typed text, read from the server a page at a time. */
  query: (search: string) => UseQueryOptions<Data, Error, Data, Key>;
  optionsOf: (data: Data) => T[];
  optionKey: (option: T) => number;
  /** The text the input shows for a chosen option. */
  optionText: (option: T) => string;
  renderOption?: (option: T) => ReactNode;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  errors?: string[];
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** A search that acts on its choice (quick add): the list opens once something is typed, and the box empties after a choice. */
  actsOnChoice?: boolean;
  /** A Scan button beside the box, where the device has a camera: a barcode it reads is searched as if a scanner had typed it. */
  scannable?: boolean;
}

/**
 * A labelled text box that searches as you type and offers the matches in a list (the ARIA
 * combobox pattern): arrow keys move, Enter chooses, Escape closes.
 */
export function SearchCombobox<T, Data, Key extends readonly unknown[]>({
  label,
  value,
  onChange,
  query,
  optionsOf,
  optionKey,
  optionText,
  renderOption,
  placeholder,
  required,
  disabled = false,
  errors,
  hint,
  inputRef,
  actsOnChoice = false,
  scannable = false,
}: SearchComboboxProps<T, Data, Key>) {
  const listId = useId();
  const [text, setText] = useState(value ? optionText(value) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebounced(text, 250);
  const chosenKey = value ? optionKey(value) : null;
  const shownKey = useRef(chosenKey);

  // A choice made outside (a reset after Add, a document loaded for editing) shows in the box.
  useEffect(() => {
    if (chosenKey === shownKey.current) return;
    shownKey.current = chosenKey;
    setText(value ? optionText(value) : '');
  }, [chosenKey]);

  const showsChoice = value !== null && text === optionText(value);
  const searchText = showsChoice ? '' : search.trim();
  const listed = open && !(actsOnChoice && !text.trim());
  const results = useQuery({ ...query(searchText), enabled: listed && !disabled });
  // Until the typing pauses, the matches on screen are for older text: Enter must not pick one of them.
  const settling = !showsChoice && text.trim() !== search.trim();
  const options = results.data && !settling ? optionsOf(results.data) : [];
  // Enter pressed before the typing settled (a barcode scanner types and sends Enter at once): the text it was pressed on.
  const [enterOn, setEnterOn] = useState<string | null>(null);
  // The text came from the camera: without a single match, the box takes the focus so that staff choose or type.
  const [fromCamera, setFromCamera] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const setInput = useCallback(
    (node: HTMLInputElement | null) => {
      input.current = node;
      if (typeof inputRef === 'function') inputRef(node);
      else if (inputRef) inputRef.current = node;
    },
    [inputRef],
  );

  const choose = (option: T) => {
    shownKey.current = actsOnChoice ? null : optionKey(option);
    setText(actsOnChoice ? '' : optionText(option));
    setOpen(false);
    onChange(option);
  };

  const type = (next: string) => {
    setText(next);
    setEnterOn(null);
    setFromCamera(false);
    setOpen(true);
    setActive(0);
    if (value) {
      shownKey.current = null;
      onChange(null);
    }
  };

  // A barcode the camera read takes the scanner's path: typed, then Enter at once.
  const scanned = (code: string) => {
    type(code);
    setEnterOn(code);
    setFromCamera(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (options.length ? (Math.max(current, step > 0 ? -1 : 0) + step + options.length) % options.length : 0));
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      // Enter chooses, and never saves the form: the box around may give it a use of its own (the item entry row adds).
      event.preventDefault();
      if (listed && settling) return setEnterOn(text.trim());
      if (!listed || !options[active]) return;
      event.stopPropagation();
      choose(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  // Once its matches are in, an early Enter chooses the one match (a scanned barcode's product); among several, staff choose.
  useEffect(() => {
    if (enterOn === null || settling || !results.isSuccess || results.isFetching) return;
    setEnterOn(null);
    if (enterOn === searchText && options.length === 1) choose(options[0]);
    else if (fromCamera) input.current?.focus();
  }, [enterOn, settling, results.isSuccess, results.isFetching, searchText]);

  const activeId = listed && options[active] ? `${listId}-${optionKey(options[active])}` : undefined;
  // Said in place of the list when there is nothing to choose (yet). A listbox holds options only.
  const note =
    results.isPending || settling ? 'Searching...' : results.isError ? 'The list could not be loaded.' : options.length === 0 ? 'No matches' : null;

  return (
    <FieldFrame label={label} required={required} errors={errors} hint={hint}>
      {(control) => {
        const box = (
          <div className="combobox">
            <input
              {...control}
              ref={setInput}
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={listed && !note}
              aria-controls={listId}
              aria-activedescendant={activeId}
              autoComplete="off"
              value={text}
              placeholder={placeholder}
              disabled={disabled}
              onChange={(event) => type(event.target.value)}
              onFocus={() => {
                setOpen(true);
                // A choice already made stays on Enter: nothing is highlighted until an arrow key is pressed.
                setActive(value ? -1 : 0);
              }}
              onClick={() => setOpen(true)}
              onBlur={() => {
                setOpen(false);
                if (value) setText(optionText(value));
              }}
              onKeyDown={onKeyDown}
            />
            <ul id={listId} role="listbox" aria-label={label} className="combobox-list" hidden={!listed || note !== null}>
              {options.map((option, index) => (
                <li
                  key={optionKey(option)}
                  id={`${listId}-${optionKey(option)}`}
                  role="option"
                  aria-selected={index === active}
                  className={index === active ? 'combobox-option active' : 'combobox-option'}
                  // Keeps focus in the box, so its blur does not close the list before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                  onMouseEnter={() => setActive(index)}
                >
                  {renderOption ? renderOption(option) : optionText(option)}
                </li>
              ))}
            </ul>
            {listed && note && (
              <div className="combobox-list">
                <p className="combobox-note" role="status">
                  {note}
                </p>
              </div>
            )}
          </div>
        );
        if (!scannable) return box;
        return (
          <div className="combobox-scan">
            {box}
            <CameraScanButton onScan={scanned} label={`Scan a barcode for ${label}`} />
          </div>
        );
      }}
    </FieldFrame>
  );
}
