import type { RecordTexts } from './types';

interface Names {
  /** In sentences: 'tire brand'. */
  one: string;
  /** In sentences: 'tire brands'. */
  many: string;
  /** In titles and buttons: 'Tire Brand'. */
  title: string;
  /** The list's title: 'Tire Brands'. */
  listTitle: string;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The texts of a catalogue lookup screen, in the specification's wording ('Error deleting tire brand. Please try again.'). */
export function lookupTexts({ one, many, title, listTitle }: Names): RecordTexts {
  return {
    listTitle,
    createTitle: `Add ${title}`,
    detailTitle: `${title} Details`,
    editTitle: `Edit ${title}`,
    addButton: `Add ${title}`,
    searchPlaceholder: 'Search by name',
    searchLabel: `Search ${many}`,
    empty: `No ${many} found`,
    notFound: `${capitalized(one)} not found`,
    loadError: `Error loading ${one} data`,
    loading: `Loading ${many}...`,
    added: `${capitalized(one)} created successfully!`,
    updated: `${capitalized(one)} updated successfully!`,
    deleted: `${capitalized(one)} deleted successfully!`,
    addFailed: `Error creating ${one}. Please try again.`,
    updateFailed: `Error updating ${one}. Please try again.`,
    deleteTitle: `Delete ${one}`,
    deleteConfirm: `Are you sure you want to delete this ${one}?`,
    deleteFailed: `Error deleting ${one}. Please try again.`,
    saveButton: `Save ${title}`,
    updateButton: `Update ${title}`,
  };
}
