/**
 * The API's shapes for the apps, by name. schema.d.ts is generated from the api's OpenAPI document
 * (openapi.json) by `bash scripts/api-types.sh`: never edit either by hand. A schema keeps its name
 * from the document, except where that name is a global of the browser's (Error, Notification).
 * Money is in cents, times are ISO 8601 UTC strings, dates YYYY-MM-DD.
 */
import type { components, paths } from './schema';

export type { components, paths };

type Schemas = components['schemas'];

/** The body of every refusal: a stable `code` (the apps translate it), a `message`, `errors` by field. */
export type ApiError = Schemas['Error'];

// Health and version.
export type Check = Schemas['Check'];
export type Health = Schemas['Health'];
export type Version = Schemas['Version'];

// Signing in, the session and one's own account.
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

// Fixtures, their seats and the caller's hold.
export type Block = Schemas['Block'];
export type BlockSeats = Schemas['BlockSeats'];
export type BlockView = Schemas['BlockView'];
export type Fixture = Schemas['Fixture'];
export type FixtureDetail = Schemas['FixtureDetail'];
export type FixtureList = Schemas['FixtureList'];
export type HeldSeatView = Schemas['HeldSeatView'];
export type Holder = Schemas['Holder'];
export type HoldRequest = Schemas['HoldRequest'];
export type HoldView = Schemas['HoldView'];
export type Line = Schemas['Line'];
export type ReductionView = Schemas['ReductionView'];
export type SeatView = Schemas['SeatView'];
export type SectorView = Schemas['SectorView'];
export type StandingView = Schemas['StandingView'];

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
export type OutcomeView = Schemas['OutcomeView'];
export type PaymentView = Schemas['PaymentView'];
export type Received = Schemas['Received'];
export type TitleView = Schemas['TitleView'];
export type Wallet = Schemas['Wallet'];
export type WalletTicket = Schemas['WalletTicket'];

// Notifications.
/** A fan's notification (the document's `Notification`, which is also the browser's). */
export type FanNotification = Schemas['Notification'];
export type Notifications = Schemas['Notifications'];

// Corporate requests and supporter cards.
export type CorporateRequest = Schemas['CorporateRequest'];
export type NewCard = Schemas['NewCard'];
export type RequestForm = Schemas['RequestForm'];
export type SupporterCard = Schemas['SupporterCard'];
