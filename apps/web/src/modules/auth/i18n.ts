const pt = {
  login: {
    title: "Entrar",
    subtitle: "Acesse sua conta para continuar o atendimento",
    form: {
      email: "E-mail",
      password: "Senha",
      showPassword: "Mostrar senha",
      hidePassword: "Ocultar senha",
    },
    buttons: {
      submit: "Entrar",
      register: "Não tem uma conta? Cadastre-se!",
      forgotPassword: "Esqueceu a senha?",
    },
  },
  signup: {
    title: "Cadastre-se",
    subtitle: "Teste grátis por 3 dias, sem cartão de crédito",
    form: {
      name: "Nome da empresa",
      email: "E-mail",
      phone: "Telefone com DDD",
      plan: "Plano",
      password: "Senha",
      planOption: "{{name}} - Atendentes: {{users}} - WhatsApp: {{connections}} - Filas: {{queues}} - {{value}}",
      loadingPlans: "Carregando planos...",
      noPlans: "Nenhum plano disponível",
    },
    buttons: {
      submit: "Cadastrar",
      login: "Já tem uma conta? Entre!",
    },
    toasts: {
      success: "Empresa cadastrada com sucesso! Faça seu login.",
      fail: "Erro ao criar empresa. Verifique os dados informados.",
      plansError: "Não foi possível carregar os planos.",
    },
  },
  resetPassword: {
    title: "Redefinir senha",
    stepOne: "Informe o e-mail da sua conta para receber o código de verificação.",
    stepTwo: "Informe o código que enviamos para o seu e-mail e escolha uma nova senha.",
    form: {
      email: "E-mail",
      verificationCode: "Código de verificação",
      newPassword: "Nova senha",
      confirmPassword: "Confirme a nova senha",
      passwordRule: "8 ou mais caracteres, com número, letra minúscula e maiúscula.",
    },
    buttons: {
      submitEmail: "Enviar e-mail",
      submitPassword: "Redefinir senha",
      back: "Voltar",
      login: "Lembrou a senha? Entre!",
      signup: "Não tem uma conta? Cadastre-se!",
    },
    toasts: {
      emailSent: "E-mail enviado com sucesso!",
      emailNotFound: "E-mail não encontrado!",
      passwordUpdated: "Senha atualizada com sucesso!",
    },
  },
};

const en: typeof pt = {
  login: {
    title: "Log in",
    subtitle: "Sign in to your account to keep serving your customers",
    form: {
      email: "Email",
      password: "Password",
      showPassword: "Show password",
      hidePassword: "Hide password",
    },
    buttons: {
      submit: "Log in",
      register: "Don't have an account? Sign up!",
      forgotPassword: "Forgot your password?",
    },
  },
  signup: {
    title: "Sign up",
    subtitle: "Free for 3 days, no credit card needed",
    form: {
      name: "Company name",
      email: "Email",
      phone: "Phone with area code",
      plan: "Plan",
      password: "Password",
      planOption: "{{name}} - Attendants: {{users}} - WhatsApp: {{connections}} - Queues: {{queues}} - {{value}}",
      loadingPlans: "Loading plans...",
      noPlans: "No plan available",
    },
    buttons: {
      submit: "Sign up",
      login: "Already have an account? Log in!",
    },
    toasts: {
      success: "Company created! Please log in.",
      fail: "Error creating the company. Please check your data.",
      plansError: "Could not load the plans.",
    },
  },
  resetPassword: {
    title: "Reset password",
    stepOne: "Enter your account's email to receive a verification code.",
    stepTwo: "Enter the code we sent to your email and choose a new password.",
    form: {
      email: "Email",
      verificationCode: "Verification code",
      newPassword: "New password",
      confirmPassword: "Confirm the new password",
      passwordRule: "8 or more characters, with a digit, a lowercase and an uppercase letter.",
    },
    buttons: {
      submitEmail: "Send email",
      submitPassword: "Reset password",
      back: "Back",
      login: "Remembered it? Log in!",
      signup: "Don't have an account? Sign up!",
    },
    toasts: {
      emailSent: "Email sent!",
      emailNotFound: "Email not found!",
      passwordUpdated: "Password updated!",
    },
  },
};

const es: typeof pt = {
  login: {
    title: "Iniciar sesión",
    subtitle: "Acceda a su cuenta para continuar la atención",
    form: {
      email: "Correo electrónico",
      password: "Contraseña",
      showPassword: "Mostrar contraseña",
      hidePassword: "Ocultar contraseña",
    },
    buttons: {
      submit: "Entrar",
      register: "¿No tiene una cuenta? ¡Regístrese!",
      forgotPassword: "¿Olvidó su contraseña?",
    },
  },
  signup: {
    title: "Regístrese",
    subtitle: "Prueba gratis por 3 días, sin tarjeta de crédito",
    form: {
      name: "Nombre de la empresa",
      email: "Correo electrónico",
      phone: "Teléfono con código de área",
      plan: "Plan",
      password: "Contraseña",
      planOption: "{{name}} - Agentes: {{users}} - WhatsApp: {{connections}} - Colas: {{queues}} - {{value}}",
      loadingPlans: "Cargando planes...",
      noPlans: "Ningún plan disponible",
    },
    buttons: {
      submit: "Registrar",
      login: "¿Ya tiene una cuenta? ¡Inicie sesión!",
    },
    toasts: {
      success: "¡Empresa registrada con éxito! Inicie sesión.",
      fail: "Error al crear la empresa. Verifique los datos informados.",
      plansError: "No fue posible cargar los planes.",
    },
  },
  resetPassword: {
    title: "Restablecer contraseña",
    stepOne: "Informe el correo de su cuenta para recibir el código de verificación.",
    stepTwo: "Informe el código que enviamos a su correo y elija una nueva contraseña.",
    form: {
      email: "Correo electrónico",
      verificationCode: "Código de verificación",
      newPassword: "Nueva contraseña",
      confirmPassword: "Confirme la nueva contraseña",
      passwordRule: "8 o más caracteres, con número, letra minúscula y mayúscula.",
    },
    buttons: {
      submitEmail: "Enviar correo",
      submitPassword: "Restablecer contraseña",
      back: "Volver",
      login: "¿Recordó su contraseña? ¡Inicie sesión!",
      signup: "¿No tiene una cuenta? ¡Regístrese!",
    },
    toasts: {
      emailSent: "¡Correo enviado con éxito!",
      emailNotFound: "¡Correo no encontrado!",
      passwordUpdated: "¡Contraseña actualizada con éxito!",
    },
  },
};

export { en, es, pt };
