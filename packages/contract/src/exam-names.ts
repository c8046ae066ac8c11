/**
 * An exam's name as a list of several modalities shows it: "MRI knee" stays as it is;
 * "Screening mammogram" becomes "Mammography: Screening mammogram". In a module without zod:
 * a page importing it from catalogue.ts took zod's 25 KB gzip into its first load.
 */
export function nameWithModality(name: string, modalityName: string): string {
  return name.toLowerCase().includes(modalityName.toLowerCase())
    ? name
    : `${modalityName}: ${name}`;
}
