import { lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import { hasCampaignsEntry } from "../api/credentials";
import { Loading } from "../components/Loading";
// The tickets page is most users' first screen: built into the entry, its MUI parts are not cut
// into the small chunks it shares with the lazy pages, which cost more gzip than they save.
import TicketsPage from "../modules/tickets/TicketsPage";
import { AdminOnly, PlanGate, PublicOnly, RequireAuth, SuperOnly } from "./guards";
import { Layout } from "./layout/Layout";
import { useSession } from "./session";

const LoginPage = lazy(() => import("../modules/auth/LoginPage"));
const SignupPage = lazy(() => import("../modules/auth/SignupPage"));
const ForgetPasswordPage = lazy(() => import("../modules/auth/ForgetPasswordPage"));
const HelpsPage = lazy(() => import("../modules/helps/HelpsPage"));
const UsersPage = lazy(() => import("../modules/users/UsersPage"));
const SettingsPage = lazy(() => import("../modules/settings/SettingsPage"));
const DashboardPage = lazy(() => import("../modules/dashboard/DashboardPage"));

const ConnectionsPage = lazy(() => import("../modules/connections/ConnectionsPage"));
const SimulatorPage = lazy(() => import("../modules/simulator/SimulatorPage"));
const ContactsPage = lazy(() => import("../modules/contacts/ContactsPage"));
const QueuesPage = lazy(() => import("../modules/queues/QueuesPage"));
const TagsPage = lazy(() => import("../modules/tags/TagsPage"));
const KanbanPage = lazy(() => import("../modules/kanban/KanbanPage"));
const QuickMessagesPage = lazy(() => import("../modules/quick-messages/QuickMessagesPage"));
const AnnouncementsPage = lazy(() => import("../modules/announcements/AnnouncementsPage"));
const FinanceiroPage = lazy(() => import("../modules/financeiro/FinanceiroPage"));
const SubscriptionPage = lazy(() => import("../modules/subscription/SubscriptionPage"));
const TodoListPage = lazy(() => import("../modules/todolist/TodoListPage"));
const FilesPage = lazy(() => import("../modules/file-lists/FilesPage"));
const ContactListsPage = lazy(() => import("../modules/contact-lists/ContactListsPage"));
const ContactListItemsPage = lazy(() => import("../modules/contact-lists/ContactListItemsPage"));
const CampaignsConfigPage = lazy(() => import("../modules/campaign-settings/CampaignsConfigPage"));
const CampaignsPage = lazy(() => import("../modules/campaigns/CampaignsPage"));
const CampaignReportPage = lazy(() => import("../modules/campaigns/CampaignReportPage"));
const SchedulesPage = lazy(() => import("../modules/schedules/SchedulesPage"));
const PhraseListsPage = lazy(() => import("../modules/phrase-lists/PhraseListsPage"));
const FlowsPage = lazy(() => import("../modules/flows/FlowsPage"));
const QueueIntegrationsPage = lazy(() => import("../modules/queue-integrations/QueueIntegrationsPage"));
const PromptsPage = lazy(() => import("../modules/prompts/PromptsPage"));
const MessagesApiPage = lazy(() => import("../modules/messages-api/MessagesApiPage"));
const ChatsPage = lazy(() => import("../modules/chats/ChatsPage"));
// @xyflow/react loads with this page only, so the first screens stay within the bundle budget.
const FlowBuilderPage = lazy(() => import("../modules/flow-builder/FlowBuilderPage"));

export function AppRoutes() {
  const { user } = useSession();
  // Read on every render: login and refresh set or remove the entry before the user changes.
  const campaigns = Boolean(user) && hasCampaignsEntry();

  return (
    <Suspense fallback={<Loading fullScreen />}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/forgetpsw" element={<ForgetPasswordPage />} />
        </Route>

        <Route element={<RequireAuth />}>
          <Route element={<Layout />}>
            <Route
              index
              element={
                <AdminOnly>
                  <DashboardPage />
                </AdminOnly>
              }
            />
            <Route path="/tickets/:ticketId?" element={<TicketsPage />} />
            <Route path="/connections" element={<ConnectionsPage />} />
            <Route path="/simulator" element={<SimulatorPage />} />
            <Route path="/quick-messages" element={<QuickMessagesPage />} />
            <Route path="/todolist" element={<TodoListPage />} />
            <Route path="/schedules" element={<SchedulesPage />} />
            <Route path="/tags" element={<TagsPage />} />
            <Route path="/contacts" element={<ContactsPage />} />
            <Route path="/helps" element={<HelpsPage />} />
            <Route path="/users" element={<UsersPage />} />
            <Route
              path="/files"
              element={
                <AdminOnly>
                  <FilesPage />
                </AdminOnly>
              }
            />
            <Route
              path="/prompts"
              element={
                <AdminOnly>
                  <PlanGate flag="useOpenAi">
                    <PromptsPage />
                  </PlanGate>
                </AdminOnly>
              }
            />
            <Route
              path="/queue-integration"
              element={
                <AdminOnly>
                  <PlanGate flag="useIntegrations">
                    <QueueIntegrationsPage />
                  </PlanGate>
                </AdminOnly>
              }
            />
            <Route
              path="/messages-api"
              element={
                <PlanGate flag="useExternalApi" messageKey="messagesAPI.toasts.unauthorized">
                  <MessagesApiPage />
                </PlanGate>
              }
            />
            <Route path="/settings" element={<SettingsPage />} />
            <Route
              path="/kanban"
              element={
                <PlanGate flag="useKanban">
                  <KanbanPage />
                </PlanGate>
              }
            />
            <Route path="/financeiro" element={<FinanceiroPage />} />
            <Route path="/queues" element={<QueuesPage />} />
            <Route
              path="/announcements"
              element={
                <SuperOnly messageKey="announcements.toasts.info">
                  <AnnouncementsPage />
                </SuperOnly>
              }
            />
            <Route path="/subscription" element={<SubscriptionPage />} />
            <Route path="/chats/:id?" element={<ChatsPage />} />

            {campaigns ? (
              <>
                <Route
                  path="/contact-lists"
                  element={
                    <AdminOnly>
                      <PlanGate flag="useCampaigns">
                        <ContactListsPage />
                      </PlanGate>
                    </AdminOnly>
                  }
                />
                <Route
                  path="/contact-lists/:contactListId/contacts"
                  element={
                    <AdminOnly>
                      <PlanGate flag="useCampaigns">
                        <ContactListItemsPage />
                      </PlanGate>
                    </AdminOnly>
                  }
                />
                <Route
                  path="/campaigns"
                  element={
                    <AdminOnly>
                      <PlanGate flag="useCampaigns">
                        <CampaignsPage />
                      </PlanGate>
                    </AdminOnly>
                  }
                />
                <Route
                  path="/campaign/:campaignId/report"
                  element={
                    <AdminOnly>
                      <PlanGate flag="useCampaigns">
                        <CampaignReportPage />
                      </PlanGate>
                    </AdminOnly>
                  }
                />
                <Route
                  path="/campaigns-config"
                  element={
                    <AdminOnly>
                      <PlanGate flag="useCampaigns">
                        <CampaignsConfigPage />
                      </PlanGate>
                    </AdminOnly>
                  }
                />
                <Route
                  path="/phrase-lists"
                  element={
                    <AdminOnly>
                      <PlanGate flag="useCampaigns">
                        <PhraseListsPage />
                      </PlanGate>
                    </AdminOnly>
                  }
                />
                <Route
                  path="/flowbuilders"
                  element={
                    <AdminOnly>
                      <PlanGate flag="useCampaigns">
                        <FlowsPage />
                      </PlanGate>
                    </AdminOnly>
                  }
                />
                <Route
                  path="/flowbuilder/:id?"
                  element={
                    <AdminOnly>
                      <PlanGate flag="useCampaigns">
                        <FlowBuilderPage />
                      </PlanGate>
                    </AdminOnly>
                  }
                />
              </>
            ) : null}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
