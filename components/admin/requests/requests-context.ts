'use client';

import { createContext, useContext } from 'react';

/** "Gérer les données" on a request fills the privacy panel beside the list with its address. */
export const RequestsContext = createContext<{ manageData: (email: string) => void }>({ manageData: () => undefined });

export const useRequests = () => useContext(RequestsContext);
