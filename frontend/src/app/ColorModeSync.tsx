import { useColorScheme } from '@mui/material/styles';
import { useEffect } from 'react';
import { colorModeOf } from '../lib/colorMode';
import { usePreferences } from '../lib/preferences';

/**
 * Follows the signed-in user's dark-mode preference. The page starts in the mode this browser
 * stored last (applied before the first paint); once the server's value is known it wins, and
 * MUI stores it for the next load.
 */
export function ColorModeSync() {
  const { data: preferences } = usePreferences();
  const { mode, setMode } = useColorScheme();
  const wanted = preferences ? colorModeOf(preferences.dark_mode) : null;

  useEffect(() => {
    if (wanted && mode !== wanted) setMode(wanted);
  }, [wanted, mode, setMode]);

  return null;
}
