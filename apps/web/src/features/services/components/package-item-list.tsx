import type { Service } from '@caredesk/shared';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useT } from '../i18n';

export type PackageItem = Service['packageItems'][number];

interface PackageItemListProps {
  label: string;
  items: readonly PackageItem[];
  onChange: (items: PackageItem[]) => void;
  /** Where focus goes when the last test is removed (the picker). */
  onEmptied: () => void;
}

type Control = 'up' | 'down' | 'remove';

/**
 * A package's tests in booking order, each moved up or down or removed by its own labelled
 * button. Focus follows the test it acted on (a moved button would otherwise lose it at an edge,
 * where it is disabled), so a keyboard user can keep pressing.
 */
export function PackageItemList({ label, items, onChange, onEmptied }: PackageItemListProps) {
  const t = useT();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusLater = (key: string) => requestAnimationFrame(() => buttons.current.get(key)?.focus());
  const refOf = (id: string, control: Control) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${id}:${control}`, element);
    else buttons.current.delete(`${id}:${control}`);
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
    const target = index + by;
    const atEdge = by === -1 ? target === 0 : target === next.length - 1;
    focusLater(`${item!.serviceId}:${atEdge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}`);
  };
  const remove = (index: number) => {
    const next = items.filter((_, at) => at !== index);
    onChange(next);
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) focusLater(`${neighbour.serviceId}:remove`);
    else onEmptied();
  };

  return (
    <Box component="ol" aria-label={label} sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}>
      {items.map((item, index) => (
        <Box
          component="li"
          key={item.serviceId}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.5, borderRadius: 1, border: 1, borderColor: 'divider', minWidth: 0 }}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 20 }} aria-hidden>
            {index + 1}.
          </Typography>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {item.name}
            </Typography>
            <Typography variant="caption" sx={{ color: item.active ? 'text.secondary' : 'warning.dark' }}>
              {[t(item.kind === 'SCAN' ? 'services.kind.scan' : 'services.kind.test'), item.active ? null : t('services.package.inactive')].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          <IconButton
            size="small"
            ref={refOf(item.serviceId, 'up')}
            aria-label={t('services.package.moveUp', { name: item.name })}
            disabled={index === 0}
            onClick={() => move(index, -1)}
          >
            <ArrowUpward fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            ref={refOf(item.serviceId, 'down')}
            aria-label={t('services.package.moveDown', { name: item.name })}
            disabled={index === items.length - 1}
            onClick={() => move(index, 1)}
          >
            <ArrowDownward fontSize="small" />
          </IconButton>
          <IconButton size="small" ref={refOf(item.serviceId, 'remove')} aria-label={t('services.package.remove', { name: item.name })} onClick={() => remove(index)}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}
