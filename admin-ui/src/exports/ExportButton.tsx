import GridOnOutlinedIcon from '@mui/icons-material/GridOnOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState, type MouseEvent } from 'react';
import { Button, useTranslate, type Identifier } from 'react-admin';
import { ExportProgress } from './ExportProgress';
import type { ExportKind } from './types';
import { exportRequest, useCreateExport } from './useCreateExport';
import type { Export } from '../../../api-types';

const EXPORTS = 'resources.exports';

interface ExportButtonProps {
  /** What to export; several kinds make a button that opens a menu of them. */
  kind: ExportKind | readonly ExportKind[];
  /** The fixture, for `fixture` and `locked_seats` (required) and `tickets` (all fixtures without it). */
  fixtureId?: Identifier | null;
  /** The button's text (a translation key); "Export to Excel" by default. */
  label?: string;
  /** Said on hover: what the export will hold (already translated). */
  hint?: string;
  /** In a table row: an icon with its name as a tooltip, to keep the table narrow. */
  compact?: boolean;
  variant?: 'text' | 'outlined' | 'contained';
}

/**
 * "Export to Excel" in one click: asks for the export of `kind` (for `fixtureId` when given) and,
 * beside the button, follows its job's progress and offers the download when the sheet is
 * written, without leaving the page (the exports list, which the message links to, keeps it
 * too). With several kinds, a menu offers each.
 */
export function ExportButton({
  kind,
  fixtureId,
  label = `${EXPORTS}.action.export`,
  hint,
  compact = false,
  variant = 'text',
}: ExportButtonProps) {
  const translate = useTranslate();
  const mutation = useCreateExport();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const kinds: readonly ExportKind[] = typeof kind === 'string' ? [kind] : kind;
  const [only] = kinds;

  const [started, setStarted] = useState<Export | null>(null);
  const start = (chosen: ExportKind) => {
    setAnchor(null);
    mutation.mutate(exportRequest(chosen, fixtureId), { onSuccess: (created) => setStarted(created) });
  };
  const click = (event: MouseEvent<HTMLElement>) => {
    // In a list row: act here, not open the row's page.
    event.stopPropagation();
    if (kinds.length === 1 && only !== undefined) {
      start(only);
    } else {
      setAnchor(event.currentTarget);
    }
  };
  const name = translate(label);
  const several = kinds.length > 1;
  const menuProps = several ? { 'aria-haspopup': 'menu' as const, 'aria-controls': anchor === null ? undefined : menuId } : {};
  const button = compact ? (
    <IconButton aria-label={name} size="small" color="primary" disabled={mutation.isPending} onClick={click} {...menuProps}>
      <GridOnOutlinedIcon />
    </IconButton>
  ) : (
    <Button label={label} variant={variant} disabled={mutation.isPending} onClick={click} {...menuProps}>
      <GridOnOutlinedIcon />
    </Button>
  );
  const tooltip = compact ? (hint === undefined ? name : `${name}: ${hint}`) : hint;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexDirection: compact ? 'column' : 'row', alignItems: compact ? 'flex-start' : 'center', gap: 1 }}
    >
      {tooltip === undefined ? (
        button
      ) : (
        <Tooltip title={tooltip}>
          {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. */}
          <span>{button}</span>
        </Tooltip>
      )}
      {started !== null && <ExportProgress key={String(started.id)} started={started} stacked={compact} onClose={() => setStarted(null)} />}
      {several && (
        <Menu
          id={menuId}
          anchorEl={anchor}
          open={anchor !== null}
          onClose={() => setAnchor(null)}
          onClick={(event) => event.stopPropagation()}
        >
          {kinds.map((item) => (
            <MenuItem key={item} onClick={() => start(item)}>
              <ListItemText
                primary={translate(`${EXPORTS}.kinds.${item}`)}
                secondary={translate(`${EXPORTS}.contents.${item}`)}
                slotProps={{ secondary: { sx: { maxWidth: 360, whiteSpace: 'normal' } } }}
              />
            </MenuItem>
          ))}
        </Menu>
      )}
    </Box>
  );
}
