import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import CurrencyExchangeOutlinedIcon from '@mui/icons-material/CurrencyExchangeOutlined';
import FavoriteBorderOutlinedIcon from '@mui/icons-material/FavoriteBorderOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ACCOUNT_DELETION_NS, IDENTITY_NS, REFUND_NS, SUPPORTER_CARD_NS } from '../../i18n';

/**
 * Where else the account leads: the fan's identity and their saved people, the supporter cards
 * and the club's card to apply for, the refund of a cancelled or postponed match's tickets, the
 * request for a corporate account and, last, the account's deletion.
 */
export function AccountLinks() {
  const { t } = useTranslation();
  const titleId = useId();
  const links = [
    {
      to: '/myaccount/supporter-cards',
      icon: <CardMembershipOutlinedIcon />,
      primary: t('myAccount.links.supporterCards'),
      secondary: t('myAccount.links.supporterCardsHint'),
    },
    {
      to: '/register_company',
      icon: <BusinessOutlinedIcon />,
      primary: t('myAccount.links.registerCompany'),
      secondary: t('myAccount.links.registerCompanyHint'),
    },
  ];
  return (
    <Card component="nav" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 3 } }}>
        {t('myAccount.links.title')}
      </Typography>
      <List>
        {/* Its words are the identity page's chunk: the other links do not wait for them. */}
        <Suspense fallback={null}>
          <IdentityAccountLink />
        </Suspense>
        {/* Beside it, in the same words' chunk. */}
        <Suspense fallback={null}>
          <PeopleAccountLink />
        </Suspense>
        {/* The club's card to apply for, beside the cards; its words are its page's chunk. */}
        <Suspense fallback={null}>
          <CardApplicationAccountLink />
        </Suspense>
        {links.map((link) => (
          <ListItemButton key={link.to} component={RouterLink} to={link.to} sx={{ px: { xs: 2, sm: 3 } }}>
            <ListItemIcon>{link.icon}</ListItemIcon>
            <ListItemText primary={link.primary} secondary={link.secondary} />
            <ChevronRightIcon aria-hidden="true" color="action" />
          </ListItemButton>
        ))}
        {/* Its words are the refund page's chunk: the other links do not wait for them. */}
        <Suspense fallback={null}>
          <RefundAccountLink />
        </Suspense>
        {/* Its words are the deletion page's chunk: the other links do not wait for them. */}
        <Suspense fallback={null}>
          <DeleteAccountLink />
        </Suspense>
      </List>
    </Card>
  );
}

/** The fan's identity (fiscal code, birth, residence, document), which named tickets need. */
function IdentityAccountLink() {
  const { t } = useTranslation(IDENTITY_NS);
  return (
    <ListItemButton component={RouterLink} to="/myaccount/identity" sx={{ px: { xs: 2, sm: 3 } }}>
      <ListItemIcon>
        <BadgeOutlinedIcon />
      </ListItemIcon>
      <ListItemText primary={t('links.account')} secondary={t('links.accountHint')} />
      <ChevronRightIcon aria-hidden="true" color="action" />
    </ListItemButton>
  );
}

/** The fan's saved people (family and friends), offered when naming a ticket's holder. */
function PeopleAccountLink() {
  const { t } = useTranslation(IDENTITY_NS);
  return (
    <ListItemButton component={RouterLink} to="/myaccount/people" sx={{ px: { xs: 2, sm: 3 } }}>
      <ListItemIcon>
        <GroupOutlinedIcon />
      </ListItemIcon>
      <ListItemText primary={t('people.links.account')} secondary={t('people.links.accountHint')} />
      <ChevronRightIcon aria-hidden="true" color="action" />
    </ListItemButton>
  );
}

/** "Blu nel Cuore": the club's supporter card, applied for by the fan for themselves or their family. */
function CardApplicationAccountLink() {
  const { t } = useTranslation(SUPPORTER_CARD_NS);
  return (
    <ListItemButton component={RouterLink} to="/blunelcuore" sx={{ px: { xs: 2, sm: 3 } }}>
      <ListItemIcon>
        <FavoriteBorderOutlinedIcon />
      </ListItemIcon>
      <ListItemText primary={t('links.account')} secondary={t('links.accountHint')} />
      <ChevronRightIcon aria-hidden="true" color="action" />
    </ListItemButton>
  );
}

/** The refund page, for a cancelled or postponed match's tickets. */
function RefundAccountLink() {
  const { t } = useTranslation(REFUND_NS);
  return (
    <ListItemButton component={RouterLink} to="/rimborso-biglietti-tickets-refund" sx={{ px: { xs: 2, sm: 3 } }}>
      <ListItemIcon>
        <CurrencyExchangeOutlinedIcon />
      </ListItemIcon>
      <ListItemText primary={t('links.account')} secondary={t('links.accountHint')} />
      <ChevronRightIcon aria-hidden="true" color="action" />
    </ListItemButton>
  );
}

/** The account's deletion: what it erases and keeps, and the deletion itself. */
function DeleteAccountLink() {
  const { t } = useTranslation(ACCOUNT_DELETION_NS);
  return (
    <ListItemButton component={RouterLink} to="/myaccount/delete" sx={{ px: { xs: 2, sm: 3 } }}>
      <ListItemIcon>
        <PersonRemoveOutlinedIcon />
      </ListItemIcon>
      <ListItemText primary={t('links.account')} secondary={t('links.accountHint')} />
      <ChevronRightIcon aria-hidden="true" color="action" />
    </ListItemButton>
  );
}
