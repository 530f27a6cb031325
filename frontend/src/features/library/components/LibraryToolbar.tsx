import GridViewIcon from '@mui/icons-material/GridView';
import SearchIcon from '@mui/icons-material/Search';
import ViewListIcon from '@mui/icons-material/ViewList';
import { Box, InputAdornment, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { AD_FORMATS, ORIGINAL_FORMAT_FILTER } from '@brandloom/contracts';
import { ASSET_DELIVERY_FILTERS, ASSET_SEARCH_MAX_LENGTH, ASSET_SORT_LABELS, ASSET_SORTS, type AssetDeliveryFilter, type AssetSort, type Folder } from '../api/types';
import { LIBRARY_TEXT } from '../messages';
import type { LibraryLayout } from './AssetCard';
import { useT } from '../../../lib/i18n/translate';

/** The value of the mobile folder select's "New folder…" entry. */
const NEW_FOLDER = '__new__';
const ALL = '';

interface LibraryToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  sort: AssetSort;
  onSortChange: (sort: AssetSort) => void;
  layout: LibraryLayout;
  onLayoutChange: (layout: LibraryLayout) => void;
  folders: Folder[];
  totalCount: number | undefined;
  folderId: string | null;
  onFolderChange: (folderId: string | null) => void;
  onCreateFolder: () => void;
  /** The format filter: an ad format, 'original', or null for every image (formats stacked under their original). */
  format?: string | null;
  onFormatChange?: (format: string | null) => void;
  /** The Meta filter: pushed, running, no results yet, or null for every image. */
  delivery?: AssetDeliveryFilter | null;
  onDeliveryChange?: (delivery: AssetDeliveryFilter | null) => void;
}

/** Search, sort, grid/list, and on small screens the folder select that stands in for the sidebar. */
export function LibraryToolbar(props: LibraryToolbarProps) {
  const t = useT();
  const { search, onSearchChange, sort, onSortChange, layout, onLayoutChange } = props;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}>
      <TextField
        label={t('library.search')}
        placeholder={t('library.searchPlaceholder')}
        size="small"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        sx={{ flex: '1 1 240px' }}
        slotProps={{
          htmlInput: { maxLength: ASSET_SEARCH_MAX_LENGTH },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <MobileFolderSelect {...props} />
      {props.onFormatChange && (
        <ToolbarSelect
          label={t('library.format')}
          value={props.format ?? null}
          allLabel={t('library.allImages')}
          options={[{ value: ORIGINAL_FORMAT_FILTER, label: t('library.originals') }, ...AD_FORMATS.map((f) => ({ value: f.id, label: `${f.name} ${f.id}` }))]}
          onChange={props.onFormatChange}
          flex="0 1 170px"
        />
      )}
      {props.onDeliveryChange && (
        <ToolbarSelect
          label={t('library.delivery')}
          value={props.delivery ?? null}
          allLabel={t('library.delivery.all')}
          options={ASSET_DELIVERY_FILTERS.map((value) => ({ value, label: t(`library.delivery.${value}`) }))}
          onChange={props.onDeliveryChange}
          flex="0 1 170px"
        />
      )}
      <ToolbarSelect
        label={t('library.sortBy')}
        value={sort}
        options={ASSET_SORTS.map((value) => ({ value, label: ASSET_SORT_LABELS[value] }))}
        onChange={(value) => value && onSortChange(value)}
        flex="0 1 180px"
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={layout}
        aria-label={t('library.layout')}
        onChange={(_, value: LibraryLayout | null) => value && onLayoutChange(value)}
      >
        <ToggleButton value="grid" aria-label={t('library.gridView')}>
          <GridViewIcon fontSize="small" />
        </ToggleButton>
        <ToggleButton value="list" aria-label={t('library.listView')}>
          <ViewListIcon fontSize="small" />
        </ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}

interface ToolbarSelectProps<Value extends string> {
  label: string;
  value: Value | null;
  /** The first entry, standing for no choice (null); without it one of the options is always chosen. */
  allLabel?: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  onChange: (value: Value | null) => void;
  flex: string;
}

/** A compact native select of the toolbar (a native list is easier to use on a phone). */
function ToolbarSelect<Value extends string>({ label, value, allLabel, options, onChange, flex }: ToolbarSelectProps<Value>) {
  return (
    <TextField
      select
      label={label}
      size="small"
      value={value ?? ALL}
      onChange={(event) => onChange(event.target.value === ALL ? null : (event.target.value as Value))}
      sx={{ flex }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {allLabel !== undefined && <option value={ALL}>{allLabel}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

function MobileFolderSelect({ folders, totalCount, folderId, onFolderChange, onCreateFolder }: LibraryToolbarProps) {
  const t = useT();
  const countLabel = (count: number | undefined) => (count === undefined ? '' : ` (${count})`);
  return (
    <TextField
      select
      label={t('library.folder')}
      size="small"
      value={folderId ?? ALL}
      onChange={(event) => {
        const value = event.target.value;
        if (value === NEW_FOLDER) onCreateFolder();
        else onFolderChange(value === ALL ? null : value);
      }}
      sx={{ flex: '1 1 160px', display: { xs: 'inline-flex', md: 'none' } }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value={ALL}>
        {LIBRARY_TEXT.allAssets}
        {countLabel(totalCount)}
      </option>
      {folders.map((folder) => (
        <option key={folder.id} value={folder.id}>
          {folder.name}
          {countLabel(folder.asset_count)}
        </option>
      ))}
      <option value={NEW_FOLDER}>{t('library.newFolderOption')}</option>
    </TextField>
  );
}
