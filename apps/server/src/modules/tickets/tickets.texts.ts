/** The automatic messages ticket transitions send (pt-BR, as the product's customers read them). */
export const ticketTexts = {
  greetingAccepted: (contactName: string, userName: string) =>
    `*Mensagem Automática*:\nOlá *${contactName}*, meu nome é *${userName}* e agora vou prosseguir com seu atendimento!`,
  transferredToQueue: (queueName: string) =>
    `*Mensagem Automática*:\nVocê foi transferido para o departamento *${queueName}*\naguarde, já vamos te atender!`,
  transferredToUser: (userName: string, queueName: string) =>
    `*Mensagem Automática*:\nVocê foi transferido para o atendente *${userName}* do departamento *${queueName}*\naguarde, já vamos te atender!`,
};
