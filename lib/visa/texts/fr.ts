import type { PermitId } from '../permits';
import type { Unit } from '../rules';
import type { Duration, FamilyAnswer, Nationality, WorkContext, WorkStatus } from '../schema';

export interface PermitText {
  name: string;
  summary: string;
}
export interface PluralText {
  one: string;
  other: string;
}

/** Reference texts; the other languages are typed against this object. `{x}` are rule figures. */
export const fr = {
  options: {
    nationalities: {
      France: 'France',
      Belgique: 'Belgique',
      Suisse: 'Suisse',
      Canada: 'Canada',
      Allemagne: 'Allemagne',
      'Royaume-Uni': 'Royaume-Uni',
      Italie: 'Italie',
      Espagne: 'Espagne',
      'Pays-Bas': 'Pays-Bas',
      Portugal: 'Portugal',
      Australie: 'Australie',
      'Nouvelle-Zélande': 'Nouvelle-Zélande',
      'États-Unis': 'États-Unis',
      'Afrique du Sud': 'Afrique du Sud',
      Madagascar: 'Madagascar',
      Réunion: 'Réunion',
      Autre: 'Autre',
    } satisfies Record<Nationality, string>,
    durations: {
      'Moins de 3 mois': 'Moins de 3 mois',
      '3-6 mois': '3-6 mois',
      '6-12 mois': '6-12 mois',
      '1-2 ans': '1-2 ans',
      '2-5 ans': '2-5 ans',
      'Plus de 5 ans': 'Plus de 5 ans',
      'Résidence permanente': 'Résidence permanente',
    } satisfies Record<Duration, string>,
    workStatuses: { Oui: 'Oui', Non: 'Non', Retraité: 'Retraité', Étudiant: 'Étudiant' } satisfies Record<WorkStatus, string>,
    familyAnswers: { Oui: 'Oui', Non: 'Non', Partiellement: 'Partiellement' } satisfies Record<FamilyAnswer, string>,
    workContexts: {
      local_employer: 'Pour un employeur à Maurice',
      own_business: 'Pour ma propre entreprise à Maurice',
      remote_foreign: 'À distance, pour un employeur ou des clients à l’étranger',
    } satisfies Record<WorkContext, string>,
  },
  permits: {
    visitor: {
      name: 'Séjour visiteur (tourisme)',
      summary: 'Entrée comme visiteur pour un séjour court, sans permis à demander à l’avance ; aucune activité rémunérée à Maurice.',
    },
    visitor_extension: {
      name: 'Séjour visiteur avec prolongation',
      summary: 'Entrée comme visiteur, puis prolongation gratuite demandée au Bureau des passeports et de l’immigration (PIO), dans la limite annuelle des séjours touristiques.',
    },
    business_visitor: {
      name: 'Visite d’affaires',
      summary: 'Séjours courts pour des réunions, de la prospection ou la création d’une société, sans rémunération versée à Maurice.',
    },
    premium_visa: {
      name: 'Premium Visa',
      summary: 'Visa long séjour gratuit de plus de {min} et jusqu’à {max}, renouvelable, pour vivre à Maurice avec des revenus venant de l’étranger (télétravail, retraite, rentes), sans accès au marché du travail local.',
    },
    occupation_permit_professional: {
      name: 'Occupation Permit – Professionnel',
      summary: 'Permis de travail et de séjour délivré par l’EDB au salarié d’une entreprise mauricienne, pour la durée du contrat ({years} au plus), renouvelable.',
    },
    occupation_permit_short_term: {
      name: 'Occupation Permit de courte durée',
      summary: 'Occupation Permit professionnel pour une mission de {months} au plus chez un employeur mauricien, prolongeable une fois.',
    },
    occupation_permit_investor: {
      name: 'Occupation Permit – Investisseur (dont start-up innovante)',
      summary: 'Permis de travail et de séjour pour l’actionnaire-dirigeant d’une société mauricienne, par un investissement ou un projet de start-up innovante approuvé ; jusqu’à {years}, renouvelable.',
    },
    occupation_permit_self_employed: {
      name: 'Occupation Permit – Indépendant',
      summary: 'Permis de travail et de séjour pour une activité de services exercée seul, avec un investissement de départ et des objectifs de revenus ; jusqu’à {years}, renouvelable.',
    },
    young_professional_permit: {
      name: 'Young Professional Occupation Permit (YPOP)',
      summary: 'Permis pour les diplômés étrangers d’un établissement supérieur mauricien qui trouvent un emploi dans une filière prioritaire ; {years} au plus, puis Occupation Permit professionnel.',
    },
    work_permit: {
      name: 'Work Permit (permis de travail)',
      summary: 'Permis délivré par le ministère du Travail pour un emploi qualifié sous les seuils de l’Occupation Permit ; c’est l’employeur qui le demande.',
    },
    student_visa: {
      name: 'Visa et permis de séjour étudiant',
      summary: 'Titre demandé par l’établissement d’enseignement auprès du PIO pour la durée des études (semestre, diplôme, licence, master, doctorat, échange).',
    },
    retired_residence_permit: {
      name: 'Permis de séjour – Retraité non-citoyen',
      summary: 'Permis de séjour de {years}, renouvelable, pour les personnes de {age} ans et plus qui transfèrent régulièrement des revenus depuis l’étranger ; sans emploi salarié.',
    },
    permanent_residence_permit: {
      name: 'Permis de résidence permanente (PRP)',
      summary: 'Résidence de {validity}, renouvelable, ouverte après {years} sous un permis éligible (investisseur, professionnel, indépendant ou retraité) avec des seuils élevés ; conjoint et enfants inclus.',
    },
    property_residence_permit: {
      name: 'Résidence par acquisition immobilière',
      summary: 'Permis de séjour pour l’acheteur d’un bien d’au moins {amount} dans un programme agréé, valable tant qu’il en est propriétaire ; famille incluse, travail et investissement sans autre permis.',
    },
    golden_visa: {
      name: 'Golden Visa',
      summary: 'Visa récent, décrit par peu de sources, pour qui s’engage à investir {amount} dans des secteurs éligibles ; famille incluse, {years} renouvelables.',
    },
  } satisfies Record<PermitId, PermitText>,
  reasons: {
    longer_stay: 'Si vous restez plus longtemps que la durée accordée à l’entrée : prolongation gratuite au PIO, dans la limite de {days} par année civile.',
    over_180_days: 'Si votre séjour dépasse {days} sur l’année civile.',
    within_180_days: 'Si vos séjours restent dans la limite de {days} par année civile.',
    premium_renewal: 'Pour rester sans acheter de bien : Premium Visa renouvelé chaque année.',
    property_residence: 'Si vous achetez un bien d’au moins {amount} : séjour pour toute la famille tant que vous en êtes propriétaire.',
    property_work: 'Si vous achetez un bien d’au moins {amount} : séjour pour la famille, et travail ou investissement sans Occupation Permit.',
    golden_visa: 'Si vous pouvez vous engager à investir {amount} ; dispositif récent, conditions à confirmer.',
    retired_if_50: 'Si vous avez {age} ans ou plus et pouvez transférer {monthly} par mois : permis de {years}.',
    premium_if_under_50: 'Si vous avez moins de {age} ans, ou pour séjourner sans transferts obligatoires vers Maurice.',
    prp_after_5_years: 'Après {years} sous ce permis, si vous atteignez les seuils requis : résidence de {validity}.',
    prp_needs_permit: 'La résidence permanente n’est ouverte qu’après {years} sous un permis investisseur, professionnel, indépendant ou retraité.',
    prp_after_op: 'Plus tard, après {years} sous un Occupation Permit, la résidence permanente devient possible.',
    work_permit_below_floor: 'Si le salaire proposé est inférieur au seuil de l’Occupation Permit : votre employeur demande un Work Permit.',
    short_contract: 'Si votre contrat dure {months} ou moins.',
    business_trips: 'Pour des déplacements d’affaires sans rémunération à Maurice : {days} par an au maximum.',
    ypop_local_graduate: 'Si vous êtes diplômé d’un établissement supérieur mauricien.',
    ypop_after_studies: 'Après un diplôme mauricien, avec un emploi dans une filière éligible, dans les {months} suivant les résultats.',
    self_employed_services: 'Si vous exercez seul une activité de services, avec des clients à Maurice.',
    investor_company: 'Pour diriger votre propre société mauricienne au-delà de simples visites.',
    premium_remote: 'Le statut prévu pour le travail à distance : séjours de plus de {months}, revenus venant de l’étranger.',
    if_own_business: 'Si vous créez ou dirigez votre propre activité à Maurice.',
    if_remote: 'Si vous travaillez à distance pour un employeur ou des clients à l’étranger.',
  },
  entry: {
    visa_free: 'Pas de visa à demander : séjour de {days} au plus par entrée, et {yearDays} au plus par année civile.',
    visa_on_arrival: 'Visa délivré à l’arrivée. Sa durée n’est pas publiée pour votre pays ; elle est en général de {days} (à confirmer).',
    check_passport: 'Le régime dépend de votre passeport : {visaFree} pays entrent sans visa ({days}), {onArrival} reçoivent un visa à l’arrivée et {visaRequired} doivent demander un visa avant le départ. Consultez la liste du PIO.',
    stamp_caveat: 'Les autorités britanniques et américaines indiquent que le tampon d’entrée peut ne mentionner que {days} : vérifiez-le à l’arrivée et demandez une prolongation si nécessaire.',
    reunion_id_card: 'Résidents de La Réunion voyageant depuis l’île pour du tourisme (au moins {nights} nuits) : la carte d’identité seule était acceptée jusqu’au {date}. Vérifiez si la mesure a été prolongée avant de partir sans passeport.',
    eta: 'Une autorisation de voyage électronique (ETA) a été annoncée pour les visiteurs exemptés de visa ; elle n’était pas encore en vigueur lors de notre dernière vérification.',
    visa_required_step: 'Si votre passeport exige un visa : demandez-le à une ambassade de Maurice (ou au PIO par e-mail) au moins {ahead} avant le départ ; comptez environ {processing} une fois le dossier complet.',
  },
  notes: {
    remote_on_visitor: 'Le télétravail pendant un séjour visiteur n’est pas expressément autorisé : au-delà de {months}, le Premium Visa est le statut prévu pour cela.',
    work_context_missing: 'Précisez si vous travaillerez pour un employeur mauricien, pour votre propre entreprise ou à distance : la recommandation vise un emploi local, les alternatives couvrent les autres cas.',
    premium_apply_in_country: 'Nous n’avons pas pu vérifier que votre nationalité peut demander le Premium Visa depuis l’étranger : à défaut, entrez comme visiteur puis faites la demande depuis Maurice.',
    premium_switch: 'Avec le Premium Visa, vous pourrez ensuite demander un Occupation Permit ou le permis retraité sans quitter Maurice.',
    retired_age: 'Le permis retraité exige d’avoir au moins {age} ans ; en dessous, le Premium Visa ou l’achat immobilier sont les options.',
    student_before_travel: 'Le visa étudiant doit être obtenu avant le départ, par l’intermédiaire de l’établissement.',
    low_confidence: 'Les règles ont changé récemment et certains chiffres ne reposent que sur une seule source : vérifiez ceux signalés comme peu sûrs avant toute démarche.',
  },
  family: {
    intro: {
      unknown: 'Vous n’avez pas indiqué si votre famille vous accompagne ; voici ce qui s’applique si c’est le cas.',
      Oui: 'Votre famille vous accompagne : voici ce dont chacun a besoin.',
      Non: 'Vous partez seul : seul votre propre titre de séjour est nécessaire.',
      Partiellement: 'Une partie de votre famille vous accompagne : précisez qui vient, car les droits diffèrent selon chacun.',
    } satisfies Record<FamilyAnswer | 'unknown', string>,
    points: {
      visitor_each: 'Chaque membre de la famille entre comme visiteur, aux mêmes conditions de durée que vous.',
      premium_each: 'Chaque membre de la famille demande son propre Premium Visa, gratuit lui aussi.',
      premium_budget: 'Prévoyez environ {amount} de revenus mensuels en plus par personne à charge de moins de {age} ans.',
      dependants_occupation: 'Votre conjoint ou concubin (la loi vise un partenaire de sexe opposé), vos enfants (y compris ceux du conjoint et adoptés) et vos parents peuvent obtenir un permis de personne à charge, jamais plus long que le vôtre.',
      dependants_retired: 'Votre conjoint ou concubin (partenaire de sexe opposé selon la loi) et vos enfants de moins de {age} ans obtiennent un permis de personne à charge de même durée ; un conjoint de moins de {minAge} ans vient comme personne à charge.',
      child_age_limit: 'Limite d’âge des enfants : moins de {age} ans selon la plupart des sources, mais une mesure plus récente l’aurait supprimée ; à vérifier.',
      spouse_work: 'Les sources se contredisent sur le droit du conjoint à travailler sans permis propre : vérifiez avant toute activité.',
      work_permit_family: 'Le regroupement familial est plus restreint qu’avec un Occupation Permit : renseignez-vous auprès du ministère du Travail avant de faire venir votre famille.',
      student_case_by_case: 'Les personnes à charge d’un étudiant sont examinées au cas par cas.',
      student_parents: 'Un parent qui accompagne un enfant scolarisé à Maurice peut demander le Premium Visa.',
      permanent_family: 'Le conjoint et les enfants à charge sont inclus dans le permis de résidence permanente.',
      property_family: 'Le permis couvre l’acheteur, son conjoint et les personnes à charge tant que le bien est détenu.',
      golden_family: 'La famille est incluse dans le Golden Visa (conditions à confirmer).',
      partial_join: 'Les personnes à charge ne peuvent rejoindre qu’un titulaire principal déjà autorisé à séjourner.',
      partial_spouse_job: 'Un conjoint qui veut prendre un emploi peut avoir besoin de son propre Occupation Permit ou Work Permit.',
      partial_older_children: 'Les enfants de {age} ans et plus ont besoin de leur propre permis ou d’un visa étudiant.',
      join_later: 'Si votre famille vous rejoint plus tard, refaites la simulation en l’indiquant : ses droits dépendent de votre titre.',
    },
  },
  processing: {
    on_arrival: 'Aucune démarche préalable : le statut est accordé à l’arrivée.',
    range: 'En général de {min} à {max} selon les dossiers et les sources ; prévoyez une marge.',
    up_to: 'Environ {max} en général.',
    unpublished: 'Aucun délai officiel publié : renseignez-vous auprès de l’organisme compétent au moment du dépôt.',
  },
  units: {
    working_days: { one: '{n} jour ouvré', other: '{n} jours ouvrés' },
    days: { one: '{n} jour', other: '{n} jours' },
    weeks: { one: '{n} semaine', other: '{n} semaines' },
    months: { one: '{n} mois', other: '{n} mois' },
    years: { one: '{n} an', other: '{n} ans' },
    hours: { one: '{n} heure', other: '{n} heures' },
  } satisfies Record<Exclude<Unit, 'percent'>, PluralText>,
  disclaimer: 'Informations générales à jour au {date}, tirées de sources publiques : elles ne constituent pas un conseil juridique. Les règles changent souvent ; faites vérifier votre situation avant toute démarche.',
};

export type VisaCoreTexts = typeof fr;
export type ReasonId = keyof VisaCoreTexts['reasons'];
export type NoteId = keyof VisaCoreTexts['notes'];
export type FamilyPointId = keyof VisaCoreTexts['family']['points'];
export type EntryTextId = keyof VisaCoreTexts['entry'];
