import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';

/** What a plan includes, one tick a feature. */
export function PlanFeatures({ features, label }: { features: readonly string[]; label: string }) {
  return (
    <List dense disablePadding aria-label={label}>
      {features.map((feature) => (
        <ListItem key={feature} disableGutters sx={{ py: 0.25 }}>
          <ListItemIcon sx={{ minWidth: 32, color: 'success.main' }}>
            <CheckCircleOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={feature} />
        </ListItem>
      ))}
    </List>
  );
}
