/**
 * What follows a document's name and '#' wherever it is named ("Invoice #INV-2026-00024"): its
 * number, or until it has one its id marked as a draft ("Invoice #26 (draft)").
 */
export const documentNumber = (document: { id: number; number: string | null }) => document.number ?? `${document.id} (draft)`;
