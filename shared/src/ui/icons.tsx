import { Icon, type IconProps } from '@chakra-ui/react';

// A handful of line icons drawn inline, so no icon library ships in the first load.
function make(paths: string[], label: string) {
  function LineIcon(props: IconProps) {
    return (
      <Icon aria-hidden {...props}>
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {paths.map((d) => (
            <path key={d} d={d} />
          ))}
        </svg>
      </Icon>
    );
  }
  LineIcon.displayName = label;
  return LineIcon;
}

export const MenuIcon = make(['M3 6h18', 'M3 12h18', 'M3 18h18'], 'MenuIcon');
export const ChevronDownIcon = make(['M6 9l6 6 6-6'], 'ChevronDownIcon');
export const ChevronRightIcon = make(['M9 6l6 6-6 6'], 'ChevronRightIcon');
export const ChevronLeftIcon = make(['M15 6l-6 6 6 6'], 'ChevronLeftIcon');
export const EyeIcon = make(
  ['M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z', 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z'],
  'EyeIcon',
);
export const EyeOffIcon = make(
  [
    'M3 3l18 18',
    'M10.6 5.1A10.8 10.8 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.1',
    'M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a10 10 0 0 0 5.4-1.6',
    'M9.9 9.9a3 3 0 0 0 4.2 4.2',
  ],
  'EyeOffIcon',
);
export const PlusIcon = make(['M12 5v14', 'M5 12h14'], 'PlusIcon');
export const EditIcon = make(['M12 20h9', 'M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z'], 'EditIcon');
export const DeleteIcon = make(['M3 6h18', 'M8 6V4h8v2', 'M19 6l-1 14H6L5 6', 'M10 11v6', 'M14 11v6'], 'DeleteIcon');
export const SearchIcon = make(['M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14z', 'M21 21l-4.3-4.3'], 'SearchIcon');
export const HistoryIcon = make(['M3 12a9 9 0 1 0 2.6-6.4L3 8', 'M3 3v5h5', 'M12 7v5l3 2'], 'HistoryIcon');
export const UserIcon = make(['M20 21a8 8 0 0 0-16 0', 'M12 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8z'], 'UserIcon');
export const PrintIcon = make(
  ['M6 9V3h12v6', 'M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2', 'M6 14h12v7H6z'],
  'PrintIcon',
);
