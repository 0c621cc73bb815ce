import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { PRODUCT_NAME } from "../../lib/product.ts";
import { Link } from "../../lib/router/index.ts";

interface AuthLayoutProps {
  /** The screen's h1. */
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** card width in px; longer flows (customer onboarding) use a wider card */
  maxWidth?: number;
}

/** The centered card every open screen (login, signup, reset, invite, onboard) sits in. */
export function AuthLayout({ title, subtitle, children, footer, maxWidth = 440 }: AuthLayoutProps) {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Box w="100%" maw={maxWidth}>
        <Group justify="center" mb="lg">
          <Anchor component={Link} to="/" underline="never" fw={700} fz="xl" c="indigo.8">
            {PRODUCT_NAME}
          </Anchor>
        </Group>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }}>
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" size="sm" mt={4}>
                  {subtitle}
                </Text>
              ) : null}
            </div>
            {children}
          </Stack>
        </Paper>
        {footer ? (
          <Text ta="center" size="sm" mt="md" c="gray.7">
            {footer}
          </Text>
        ) : null}
      </Box>
    </Center>
  );
}
