import CompareArrowsOutlinedIcon from '@mui/icons-material/CompareArrowsOutlined';

/**
 * The divergences a mismatch report found: listed on their report's page, reconciled one by one
 * there. No page of their own.
 */
export default {
  icon: CompareArrowsOutlinedIcon,
  recordRepresentation: (mismatch: { title_id: number; seal: string | null }) => mismatch.seal ?? String(mismatch.title_id),
};
