/**
 * The API's shapes for the apps, by name. schema.d.ts is generated from the api's OpenAPI document
 * (openapi.json) by `bash scripts/api-types.sh`: never edit either by hand. A schema keeps its name
 * from the document, except where that name is a global of the browser's (Error, Notification) or
 * too general to read in an app (Call, Report, Task...): those take the app's word for the thing.
 * Money is in cents, times are ISO 8601 UTC strings, dates YYYY-MM-DD.
 */
import type { components, paths } from './schema';

export type { components, paths };

type Schemas = components['schemas'];

/** The body of every refusal: a stable `code` (the apps translate it), a `message`, `errors` by field. */
export type ApiError = Schemas['Error'];

/** Every amount of money: euro cents, an integer (2550 is 25,50 €). */
export type Cents = Schemas['Cents'];

// Health and version.
export type Check = Schemas['Check'];
export type Health = Schemas['Health'];
export type Version = Schemas['Version'];

// Signing in, the session and one's own account.
export type AccountDeletion = Schemas['AccountDeletion'];
export type Area = Schemas['Area'];
export type CodeSent = Schemas['CodeSent'];
export type CodeVerification = Schemas['CodeVerification'];
export type Consents = Schemas['Consents'];
export type CsrfToken = Schemas['CsrfToken'];
export type EmailedSignIn = Schemas['EmailedSignIn'];
export type ForgotPassword = Schemas['ForgotPassword'];
export type Language = Schemas['Language'];
export type LinkVerification = Schemas['LinkVerification'];
export type MeView = Schemas['MeView'];
export type Message = Schemas['Message'];
export type MessageView = Schemas['MessageView'];
export type PasswordChange = Schemas['PasswordChange'];
export type PasswordSignIn = Schemas['PasswordSignIn'];
export type PasswordSignInAnswer = Schemas['PasswordSignInAnswer'];
export type ProfileUpdate = Schemas['ProfileUpdate'];
export type Reauthentication = Schemas['Reauthentication'];
export type ResetPassword = Schemas['ResetPassword'];
export type Role = Schemas['Role'];
export type SecondFactorAnswer = Schemas['SecondFactorAnswer'];
export type SecondFactorNeeded = Schemas['SecondFactorNeeded'];
export type SignedIn = Schemas['SignedIn'];
export type TotpSetup = Schemas['TotpSetup'];
export type Updated = Schemas['Updated'];
export type User = Schemas['User'];

// The fan's identity, and the places it names (the ticketing system's reference data).
export type Identity = Schemas['Identity'];
export type IdentityInput = Schemas['IdentityInput'];
export type Municipality = Schemas['Municipality'];
export type Nation = Schemas['Nation'];
export type Province = Schemas['Province'];
export type Registration = Schemas['Registration'];

// Fixtures, their seats and the caller's hold.
export type Block = Schemas['Block'];
export type BlockSeats = Schemas['BlockSeats'];
export type BlockView = Schemas['BlockView'];
export type Fixture = Schemas['Fixture'];
export type FixtureDetail = Schemas['FixtureDetail'];
export type FixtureKind = Schemas['FixtureKind'];
export type FixtureList = Schemas['FixtureList'];
export type HeldSeatView = Schemas['HeldSeatView'];
export type Holder = Schemas['Holder'];
export type HoldRequest = Schemas['HoldRequest'];
export type HoldView = Schemas['HoldView'];
/** Who a reduction is for: anyone, under 14, over 65, women. */
export type HolderRule = Schemas['HolderRule'];
export type Line = Schemas['Line'];
export type ReductionView = Schemas['ReductionView'];
export type SeatView = Schemas['SeatView'];
export type SeatShown = Schemas['SeatShown'];
export type SeatState = Schemas['SeatState'];
export type SectorView = Schemas['SectorView'];
export type StandingView = Schemas['StandingView'];

// Season tickets: the list, one with its matches, sectors and prices, a block's seats over the
// season, the fan's season hold, and staff's status change.
export type HeldSeasonSeat = Schemas['HeldSeasonSeat'];
export type SeasonBlock = Schemas['SeasonBlock'];
export type SeasonBlockSeats = Schemas['SeasonBlockSeats'];
export type SeasonChange = Schemas['SeasonChange'];
export type SeasonHoldRequest = Schemas['SeasonHoldRequest'];
export type SeasonHoldView = Schemas['SeasonHoldView'];
export type SeasonMatch = Schemas['SeasonMatch'];
export type SeasonPrice = Schemas['SeasonPrice'];
export type SeasonSector = Schemas['SeasonSector'];
export type SeasonTicket = Schemas['SeasonTicket'];
export type SeasonTicketDetail = Schemas['SeasonTicketDetail'];
export type SeasonTicketList = Schemas['SeasonTicketList'];
/** Staff: a sector's season seats sold, held and free (GET /api/admin/season-tickets/{id}/sectors). */
export type SeasonSectorCount = Schemas['SectorCount'];

// Season orders: naming (a season title or a collection per seat), the holders' check, the
// payment's outcome, and the season tickets in the wallet.
export type CoveredMatch = Schemas['CoveredMatch'];
export type IssueQueueStatus = Schemas['IssueQueueStatus'];
export type MatchTitle = Schemas['MatchTitle'];
export type SeasonCheck = Schemas['SeasonCheck'];
export type SeasonHolderLine = Schemas['SeasonHolderLine'];
export type SeasonHoldersRequest = Schemas['SeasonHoldersRequest'];
export type SeasonLineCheck = Schemas['SeasonLineCheck'];
export type SeasonOrder = Schemas['SeasonOrder'];
export type SeasonOrderLine = Schemas['SeasonOrderLine'];
export type SeasonOutcomeView = Schemas['SeasonOutcomeView'];
export type SeasonRef = Schemas['SeasonRef'];
export type SeasonWallet = Schemas['SeasonWallet'];
export type WalletMatch = Schemas['WalletMatch'];
export type WalletSeason = Schemas['WalletSeason'];
/** `POST /api/wallet/send`: the fan's tickets e-mailed again (the spec's send-all-tickets). */
export type SendAllQueued = Schemas['SendAllQueued'];
/** Staff: a season order with its progress (GET /api/admin/season-orders). */
export type SeasonOrderRow = Schemas['SeasonOrderRow'];
/** Staff: a collection still waiting for match titles (GET /api/admin/season-backlog). */
export type BacklogLine = Schemas['BacklogLine'];

// Orders, holders, payment and the wallet.
export type ConfirmRequest = Schemas['ConfirmRequest'];
export type CreateOrder = Schemas['CreateOrder'];
export type FixtureRef = Schemas['FixtureRef'];
export type HolderDetails = Schemas['HolderDetails'];
export type HolderInput = Schemas['HolderInput'];
export type HolderLineInput = Schemas['HolderLineInput'];
export type HoldersRequest = Schemas['HoldersRequest'];
export type Order = Schemas['Order'];
export type OrderLine = Schemas['OrderLine'];
export type OrderList = Schemas['OrderList'];
/** An order's own state, apart from its payment's. */
export type OrderState = Schemas['OrderState'];
export type OutcomeView = Schemas['OutcomeView'];
/** The spec's payment status: 0 pending, 1 paid, -1 anything else. */
export type PaymentStatus = Schemas['PaymentStatus'];
export type PaymentMethod = Schemas['PaymentMethod'];
export type PaymentView = Schemas['PaymentView'];
export type Received = Schemas['Received'];
export type TitleView = Schemas['TitleView'];
/** A title's state in the ticketing system. */
export type TitleState = Schemas['TitleState'];
export type Wallet = Schemas['Wallet'];
export type WalletTicket = Schemas['WalletTicket'];

// Notifications.
/** A fan's notification (the document's `Notification`, which is also the browser's). */
export type FanNotification = Schemas['Notification'];
export type Notifications = Schemas['Notifications'];

// Corporate requests and supporter cards.
export type CorporateRequest = Schemas['CorporateRequest'];
/** A corporate request's status: 0 received, 1 approved, 2 declined. */
export type CorporateRequestStatus = Schemas['RequestStatus'];
export type NewCard = Schemas['NewCard'];
export type RequestForm = Schemas['RequestForm'];
export type SupporterCard = Schemas['SupporterCard'];

// Staff (/api/admin): the venue, fixtures and seat locks.
export type BlockChange = Schemas['BlockChange'];
export type FixtureChange = Schemas['FixtureChange'];
/** `POST /api/admin/fixtures/import`. */
export type FixturesImported = Schemas['Imported'];
export type ImportCounts = Schemas['ImportCounts'];
export type LockOutcome = Schemas['LockOutcome'];
export type LockRequest = Schemas['LockRequest'];
/** A seat a lock request left as it was, and why (its state). */
export type LockSkipped = Schemas['Skipped'];
export type Price = Schemas['Price'];
export type PriceChange = Schemas['PriceChange'];
export type Sector = Schemas['Sector'];

// Staff: orders, box-office sales, issued tickets, failed issues.
export type IssuedTicket = Schemas['IssuedTicket'];
export type LineDetail = Schemas['LineDetail'];
export type OrderAudit = Schemas['OrderAudit'];
export type OrderDetail = Schemas['OrderDetail'];
export type OrderEmail = Schemas['OrderEmail'];
export type OrderRow = Schemas['OrderRow'];
export type SaleLine = Schemas['SaleLine'];
export type SaleRequest = Schemas['SaleRequest'];
export type SeasonSaleRequest = Schemas['SeasonSaleRequest'];

// Staff: mass issuing.
export type LineError = Schemas['LineError'];
/** `POST /api/admin/mass-issues`. */
export type MassIssueCreateRequest = Schemas['CreateRequest'];
/** A line of a mass issuing task (`GET /api/admin/mass-issue-lines`). */
export type MassIssueLine = Schemas['LineRow'];
/** `POST /api/admin/mass-issues/preview`: every line checked, nothing stored. */
export type MassIssuePreview = Schemas['Checked'];
export type MassIssuePreviewRequest = Schemas['PreviewRequest'];
/** A mass issuing task (`GET /api/admin/mass-issues`). */
export type MassIssueTask = Schemas['Task'];
export type MassIssueTaskState = Schemas['TaskState'];
export type MassIssueLineState = Schemas['LineState'];
/** A line of the preview. */
export type PreviewLine = Schemas['CheckedLine'];
export type SheetLine = Schemas['SheetLine'];

// Staff: jobs, exports, reconciliation, the payment report.
export type Export = Schemas['Export'];
export type ExportKind = Schemas['ExportKind'];
/** An export's or a mismatch report's build: queued, running, done or failed. */
export type BuildState = Schemas['BuildState'];
export type ExportRequest = Schemas['ExportRequest'];
export type JobRow = Schemas['JobRow'];
export type Mismatch = Schemas['Mismatch'];
export type MismatchKind = Schemas['MismatchKind'];
/** A tickets mismatch report (`GET /api/admin/mismatch-reports`). */
export type MismatchReport = Schemas['Report'];
export type MismatchReportRequest = Schemas['ReportRequest'];
/** One day's card payments or refunds, ours against the provider's (`GET /api/admin/payment-report`). */
export type PaymentReportRow = Schemas['ReportRow'];
export type QueueCounts = Schemas['QueueCounts'];

// Staff: e-mails, outside services, the system.
export type BreakerState = Schemas['BreakerState'];
export type EmailStatus = Schemas['EmailStatus'];
export type MailCheckRequest = Schemas['MailCheckRequest'];
export type OutboundEmailSummary = Schemas['OutboundEmailSummary'];
/** A call to an outside system (`GET /api/admin/service-calls`). */
export type ServiceCall = Schemas['Call'];
export type CallOutcome = Schemas['CallOutcome'];
export type ServiceStatus = Schemas['ServiceStatus'];
/** `GET /api/admin/service-status`: every service, queue and circuit breaker. */
export type ServiceStatusReport = Schemas['Status'];
/** `GET /api/admin/system`: where the job board and the mail simulator are. */
export type SystemLinks = Schemas['System'];

// Staff: accounts and corporate requests.
/** `PUT /api/admin/corporate-requests/{id}`. */
export type CorporateDecision = Schemas['Decision'];
export type RoleChange = Schemas['RoleChange'];
export type UserView = Schemas['UserView'];

// Pre-emption and renewal (issue 18).
export type PhaseKind = Schemas['PhaseKind'];
export type PhaseSource = Schemas['PhaseSource'];
export type Phase = Schemas['Phase'];
/** `GET /api/season-tickets/{id}/phases`: the phase on now and the next (for the countdown). */
export type PhaseTimeline = Schemas['Timeline'];
/** `POST /api/season-tickets/{id}/renewal`. */
export type RenewalRequest = Schemas['RenewalRequest'];
/** A phase with its live counts (`GET /api/admin/phases`). */
export type PhaseView = Schemas['PhaseView'];
export type PhaseCounts = Schemas['PhaseCounts'];
export type PhaseRequest = Schemas['PhaseRequest'];
export type PhaseMirrorRequest = Schemas['MirrorRequest'];
export type KeepReport = Schemas['KeepReport'];
/** A sheet of season holders being imported (`GET /api/admin/holders-imports`). */
export type HoldersImport = Schemas['HoldersImport'];
export type HoldersImportRequest = Schemas['ImportRequest'];
export type SeasonHolder = Schemas['HolderView'];
/** The code table (`GET /api/admin/renewal-codes`). */
export type RenewalCode = Schemas['CodeView'];
export type RenewalCodesRequest = Schemas['CodesRequest'];
/** `POST /api/admin/renewal-codes/import`. */
export type RenewalCodesReport = Schemas['CodeTableReport'];
export type DuplicateRenewalCode = Schemas['DuplicateCode'];
export type RenewalCodeRejection = Schemas['CodeRowRejection'];
/** A match's pre-emption: `POST /api/fixtures/{id}/right` ("use my right"). */
export type RightRequest = Schemas['RightRequest'];
export type RightSource = Schemas['RightSource'];
/** The right a fan showed for a match's phase on now: the sectors it opens. */
export type RightClaim = Schemas['RightClaim'];
/** `GET /api/fixtures/{id}/right`. */
export type MyRight = Schemas['MyRight'];
/** A right found by the fan's account (a linked supporter card the match lists, a holder's seal). */
export type SuggestedRight = Schemas['SuggestedRight'];
/** A match's or a season's custom list of rights (`GET /api/admin/preemption-codes`). */
export type PreemptionCode = Schemas['PreemptionCode'];
export type PreemptionCodeRequest = Schemas['PreemptionCodeRequest'];
export type PreemptionCodesImport = Schemas['PreemptionCodesImport'];
/** `POST /api/admin/preemption-codes/import`. */
export type PreemptionCodesReport = Schemas['CodeImportReport'];
export type PreemptionCodeRejection = Schemas['CodeImportRejection'];
export type PreemptionCodeRefusal = Schemas['CodeRefusal'];
/** Renewal codes sent to a season's holders (`POST /api/admin/renewal-mailings`). */
export type RenewalMailing = Schemas['RenewalMailing'];
export type RenewalMailingRequest = Schemas['MailingRequest'];
/** `GET /api/me/renewal-rights`: what the fan may renew (holders whose e-mail is theirs). */
export type MyRenewalRights = Schemas['MyRenewalRights'];
export type MyRenewalRight = Schemas['MyRenewalRight'];
/** `POST /api/season-tickets/{id}/renewals`: a family's renewals at once, per right. */
export type RenewalsRequest = Schemas['RenewalsRequest'];
export type RenewalsResult = Schemas['RenewalsResult'];
export type RenewalOutcome = Schemas['RenewalOutcome'];
/** A big on-sale's waiting room, as staff watch it (`/api/admin/waiting-rooms`). */
export type WaitingRoomView = Schemas['WaitingRoomView'];
export type WaitingRoom = Schemas['Room'];
export type WaitingRoomCounts = Schemas['RoomCounts'];
export type WaitingRoomSettings = Schemas['RoomSettings'];
export type NewWaitingRoom = Schemas['NewRoom'];
export type WaitingRoomState = Schemas['RoomState'];
/** `GET /api/fixtures/{id}/waiting-room`, `GET /api/season-tickets/{id}/waiting-room`. */
export type OnSaleRoom = Schemas['OnSaleRoom'];
export type WaitingRoomInfo = Schemas['RoomInfo'];
/** Where a fan stands in a room (`/api/waiting-rooms/{id}/me`, `/join`, the `standing` events). */
export type FanStanding = Schemas['FanStanding'];
export type WaitingRoomStanding = Schemas['Standing'];
/** The admission a fan's turn gives: sent back in `X-Admission` when holding. */
export type Admission = Schemas['AdmissionView'];
/** A title passed on to a new holder (`/api/titles/{seal}/transfer`, `/api/transfers`). */
export type TransferCheck = Schemas['TransferCheck'];
export type SeasonTransferCheck = Schemas['SeasonTransferCheck'];
export type ReceivedSeasonMatch = Schemas['ReceivedSeasonMatch'];
/** A title's Google Wallet save link (`/api/wallet/.../pass/google`). */
export type GooglePass = Schemas['GooglePass'];
export type PassRegistration = Schemas['PassRegistration'];
export type PassDeviceLog = Schemas['PassDeviceLog'];
export type UpdatedPasses = Schemas['UpdatedPasses'];
export type TransferRequest = Schemas['TransferRequest'];
export type TransferState = Schemas['TransferState'];
export type TransferView = Schemas['TransferView'];
export type Transfers = Schemas['Transfers'];
/** `POST /api/wallet/{id}/share`: a copy of a ticket by e-mail. */
export type ShareRequest = Schemas['ShareRequest'];
/** `GET /api/admin/transfers`: changes of holder as staff see them. */
export type StaffTransferView = Schemas['StaffTransferView'];
/** Staff refunds of issued tickets (`/api/admin/orders/{id}/refunds`, `/api/admin/fixtures/{id}/refunds`). */
export type TicketRefund = Schemas['TicketRefund'];
export type RefundRequest = Schemas['RefundRequest'];
export type FixtureRefundRequest = Schemas['FixtureRefundRequest'];
export type FixtureRefundStarted = Schemas['FixtureRefundStarted'];
export type FixtureRefundProgress = Schemas['FixtureRefundProgress'];
/** A fan's refund request for a cancelled or postponed match (`/api/refund-requests`). */
export type MyRefundRequests = Schemas['MyRefundRequests'];
export type NewRefundRequest = Schemas['NewRefundRequest'];
export type RefundRequestView = Schemas['RefundRequestView'];
export type RefundableOrder = Schemas['RefundableOrder'];
/** `POST /api/admin/refund-requests/{id}/decline`. */
export type DeclineRefundRequest = Schemas['DeclineRequest'];
/** Bans of e-mails and titles (`/api/admin/bans/{emails|titles}`), and the blacklist (`/api/admin/blacklist`). */
export type EmailBan = Schemas['EmailBan'];
export type TitleBan = Schemas['TitleBan'];
export type BanState = Schemas['BanState'];
export type BanMirrorState = Schemas['MirrorState'];
export type BanRequest = Schemas['BanRequest'];
export type BlacklistEntry = Schemas['BlacklistEntry'];
export type NewBlacklistEntry = Schemas['NewBlacklistEntry'];
/** The club's supporter card: a fan's application (`/api/me/supporter-card-applications`), staff's (`/api/admin/supporter-card-applications`). */
export type CardApplication = Schemas['CardApplication'];
export type CardApplicationState = Schemas['CardApplicationState'];
export type CardApplicationRequest = Schemas['CardApplicationRequest'];
export type CardRelationship = Schemas['CardRelationship'];
export type CardPhotoUpload = Schemas['CardPhotoUpload'];
export type CardRejection = Schemas['CardRejection'];
export type CardRecheckResult = Schemas['CardRecheckResult'];
/** The fan's saved people: family and friends with their identity (`/api/me/people`). */
export type SavedPerson = Schemas['SavedPerson'];
export type SavedPersonRequest = Schemas['SavedPersonRequest'];
/** The club's settings (`/api/admin/settings`), and what the apps read of them (`/api/settings`). */
export type ClubSettings = Schemas['ClubSettings'];
export type PublicSettings = Schemas['PublicSettings'];
/** Season seats resold for one match at face value (`/api/season-seats/{line}/matches/{fixture}/resale`, `/api/resales`). */
export type ResaleCheck = Schemas['ResaleCheck'];
export type ResaleOffer = Schemas['Offer'];
export type ResaleOfferRequest = Schemas['OfferRequest'];
export type ResaleTerms = Schemas['OfferTerms'];
export type ResaleState = Schemas['ResaleState'];
export type ResaleListed = Schemas['Listed'];
export type ResaleList = Schemas['ResaleList'];
export type ResalePurchase = Schemas['Purchase'];
export type ResalePurchaseRequest = Schemas['PurchaseRequest'];
export type ResalePurchaseState = Schemas['PurchaseState'];
export type ResalePurchaseView = Schemas['PurchaseView'];
export type WalletResale = Schemas['WalletResale'];
