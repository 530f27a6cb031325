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
        <TextField
          select
          label={t('library.format')}
          size="small"
          value={props.format ?? ALL}
          onChange={(event) => props.onFormatChange?.(event.target.value === ALL ? null : event.target.value)}
          sx={{ flex: '0 1 170px' }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value={ALL}>{t('library.allImages')}</option>
          <option value={ORIGINAL_FORMAT_FILTER}>{t('library.originals')}</option>
          {AD_FORMATS.map((f) => (
            <option key={f.id} value={f.id}>
              {`${f.name} ${f.id}`}
            </option>
          ))}
        </TextField>
      )}
      {props.onDeliveryChange && (
        <TextField
          select
          label={t('library.delivery')}
          size="small"
          value={props.delivery ?? ALL}
          onChange={(event) => props.onDeliveryChange?.(event.target.value === ALL ? null : (event.target.value as AssetDeliveryFilter))}
          sx={{ flex: '0 1 170px' }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value={ALL}>{t('library.delivery.all')}</option>
          {ASSET_DELIVERY_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`library.delivery.${value}`)}
            </option>
          ))}
        </TextField>
      )}
      <TextField
        select
        label={t('library.sortBy')}
        size="small"
        value={sort}
        onChange={(event) => onSortChange(event.target.value as AssetSort)}
        sx={{ flex: '0 1 180px' }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {ASSET_SORTS.map((value) => (
          <option key={value} value={value}>
            {ASSET_SORT_LABELS[value]}
          </option>
        ))}
      </TextField>
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
