import UploadIcon from '@mui/icons-material/Upload';
import { Button } from '@mui/material';
import { useRef } from 'react';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** A button that opens the file picker for one image (the server checks its type by content). */
export function ImageUploadButton({ label, onFile, loading, disabled }: { label: string; onFile: (file: File) => void; loading?: boolean; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => input.current?.click()} loading={loading} disabled={disabled}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label={label}
        data-testid={`${label.toLowerCase().replace(/\s+/g, '-')}-input`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
