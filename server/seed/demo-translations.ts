// The demo menu in Spanish and Arabic (contract "Languages"): names and descriptions of categories, sections, dishes,
// option groups and choices. Dishes known by their own name (Margherita, Tiramisu) keep it. Orders never use these.
import type { DemoRestaurant } from './demo-restaurant';

export type TranslationKind = 'category' | 'sub_category' | 'menu_item' | 'option_group' | 'option_choice';

export interface TranslationRow {
  kind: TranslationKind;
  id: number;
  language: string;
  name: string;
  description: string | null;
}

interface MenuTranslations {
  categories: Record<number, [name: string, description: string]>;
  subCategories: Record<number, string>;
  menuItems: Record<number, [name: string, description: string]>;
  /** Option groups and choices are the same on every dish: by their English name. */
  options: Record<string, string>;
}

// prettier-ignore
const es: MenuTranslations = {
  categories: {
    1: ['Entrantes', 'Sopas, ensaladas y platos pequeños para compartir mientras te acomodas'],
    2: ['Principales', 'Platos contundentes de la parrilla, del mar y de la huerta'],
    3: ['Pizza y pasta', 'Pizza al horno de leña y pasta fresca, hechas en casa cada mañana'],
    4: ['Postres', 'Algo dulce para terminar'],
    5: ['Bebidas', 'Frías, calientes y con burbujas'],
  },
  subCategories: {
    1: 'Sopas', 2: 'Ensaladas', 3: 'Platos pequeños', 4: 'A la parrilla', 5: 'Pescados y mariscos',
    6: 'Principales vegetarianos', 7: 'Pizza', 8: 'Pasta', 9: 'Tartas', 10: 'Helados', 11: 'Refrescos',
    12: 'Café y té', 13: 'Vino, cerveza y cócteles', 14: 'Zumos y batidos',
  },
  menuItems: {
    1: ['Sopa de tomate asado', 'Tomates asados lentamente, aceite de albahaca y pan de masa madre tostado'],
    2: ['Sopa de cebolla francesa', 'Cebolla caramelizada en caldo de ternera bajo un crujiente de Gruyère'],
    3: ['Sopa de lentejas especiada', 'Lentejas rojas, comino, limón y cilantro fresco'],
    4: ['Crema de almejas', 'Crema de almejas al estilo de Nueva Inglaterra con patata y panceta ahumada'],
    5: ['Ensalada César', 'Lechuga romana, aliño de anchoas, parmesano y picatostes al ajo'],
    6: ['Ensalada griega', 'Tomate, pepino, aceitunas Kalamata, feta y orégano'],
    7: ['Ensalada de remolacha y queso de cabra', 'Remolacha asada, queso de cabra batido y nueces caramelizadas'],
    8: ['Bol de quinoa', 'Quinoa, aguacate, edamame, jengibre encurtido y sésamo'],
    9: ['Ensalada tailandesa de ternera', 'Ternera marcada, guindilla, lima, menta y arroz tostado'],
    10: ['Pan de ajo', 'Chapata horneada con mantequilla de ajo y perejil'],
    11: ['Calamares crujientes', 'Calamar ligeramente frito con alioli de limón'],
    12: ['Patatas bravas', 'Patatas crujientes, salsa de pimentón ahumado y alioli'],
    13: ['Burrata', 'Burrata cremosa, tomates tradicionales, albahaca y aceite de oliva'],
    14: ['Alitas de pollo', 'Glaseado búfalo, salsa de queso azul y apio'],
    15: ['Hummus con pan plano', 'Hummus de garbanzos con za’atar y pan plano caliente'],
    16: ['Coliflor frita coreana', 'Glaseado de gochujang, sésamo y cebolleta'],
    17: ['Chuletón de 300 g', 'Lomo alto madurado, salsa de pimienta y patatas fritas caseras'],
    18: ['Hamburguesa Amber', 'Carne de ternera, cheddar curado, mermelada de bacon y brioche, con patatas'],
    19: ['Contramuslo de pollo a la parrilla', 'Adobo de limón y hierbas, maíz asado y ensalada de col'],
    20: ['Chuletas de cordero', 'Chuletas de cordero al romero, salsa verde de menta y patatas chafadas'],
    21: ['Costillas de cerdo BBQ', 'Costillas a fuego lento, glaseado ahumado de bourbon y ensalada de col'],
    22: ['Hamburguesa doble smash', 'Dos carnes de borde crujiente, queso americano, pepinillos y patatas'],
    23: ['Salmón a la plancha', 'Salmón con piel crujiente, beurre blanc y espárragos'],
    24: ['Fish and chips', 'Bacalao rebozado en cerveza, puré de guisantes y salsa tártara'],
    25: ['Gambas al ajillo', 'Langostinos tigre con guindilla, ajo y vino blanco, con pan de masa madre'],
    26: ['Lubina a la parrilla', 'Lubina entera con hinojo, limón y alcaparras'],
    27: ['Paella de marisco', 'Arroz con azafrán, mejillones, gambas, calamar y chorizo'],
    28: ['Risotto de setas silvestres', 'Arroz arborio, setas silvestres, aceite de trufa y parmesano'],
    29: ['Berenjena a la parmesana', 'Capas de berenjena, tomate, mozzarella y albahaca'],
    30: ['Curry de garbanzos y espinacas', 'Curry de coco con arroz basmati y pan naan'],
    31: ['Hamburguesa de halloumi', 'Halloumi a la parrilla, pimientos asados y mayonesa de harissa'],
    32: ['Filete de coliflor', 'Coliflor asada, romesco y almendras tostadas'],
    33: ['Margherita', 'Tomate San Marzano, fior di latte y albahaca'],
    34: ['Diavola', 'Salami picante, tomate, mozzarella y aceite de guindilla'],
    35: ['Quattro formaggi', 'Mozzarella, gorgonzola, fontina y parmesano'],
    36: ['Jamón y rúcula', 'Jamón de Parma, rúcula, lascas de parmesano y tomate'],
    37: ['Funghi', 'Setas variadas, ajo, tomillo y mozzarella'],
    38: ['Huerta vegana', 'Verduras asadas, queso vegetal y pesto de albahaca'],
    39: ['Capricciosa', 'Jamón, alcachofas, champiñones, aceitunas y mozzarella'],
    40: ['Espaguetis a la carbonara', 'Guanciale, yema de huevo, pecorino y pimienta negra'],
    41: ['Penne arrabbiata', 'Tomate, ajo, guindilla y perejil'],
    42: ['Tagliatelle a la boloñesa', 'Ragú de ternera y cerdo cocinado a fuego lento'],
    43: ['Trofie al pesto', 'Pesto de albahaca, judías verdes, patata y piñones'],
    44: ['Linguine con bogavante', 'Medio bogavante, tomates cherry, guindilla y ajo'],
    45: ['Ñoquis a la sorrentina', 'Ñoquis de patata gratinados con tomate, mozzarella y albahaca'],
    46: ['Lasaña al horno', 'Ragú de ternera, bechamel y parmesano, gratinada hasta burbujear'],
    47: ['Tiramisú', 'Mascarpone, bizcochos de soletilla al espresso y cacao'],
    48: ['Coulant de chocolate', 'Bizcocho de chocolate caliente con centro fundido y helado de vainilla'],
    49: ['Tarta de limón', 'Crema ácida de limón, masa crujiente y crème fraîche'],
    50: ['Tarta de queso neoyorquina', 'Tarta de queso al horno con vainilla y compota de frutos rojos'],
    51: ['Pudin de dátiles con toffee', 'Bizcocho de dátiles, salsa de toffee y nata espesa'],
    52: ['Tarta de pacanas', 'Tarta de pacanas al arce con crema de vainilla'],
    53: ['Affogato', 'Helado de vainilla bañado en un espresso'],
    54: ['Trío de helados', 'Pistacho, stracciatella y caramelo salado'],
    55: ['Sorbete de mango', 'Sorbete de mango alfonso con ralladura de lima'],
    56: ['Copa Knickerbocker', 'Capas de helado, fruta, gelatina y nata en copa alta'],
    57: ['Limonada casera', 'Limones frescos, menta y agua con gas'],
    58: ['Refresco de cola', 'Botella de 330 ml, con hielo y limón'],
    59: ['Agua con gas', 'Botella de 750 ml de agua mineral italiana'],
    60: ['Cerveza de jengibre', 'Jengibre intenso, elaborada en pequeños lotes'],
    61: ['Té helado de melocotón', 'Té negro infusionado en frío con melocotón blanco'],
    62: ['Espresso', 'Un doble de nuestro tueste de origen único'],
    63: ['Flat white', 'Doble ristretto con leche vaporizada sedosa'],
    64: ['Capuchino', 'Espresso, leche vaporizada y una buena capa de espuma'],
    65: ['Té English Breakfast', 'Una tetera de intenso té Assam, con leche aparte'],
    66: ['Matcha latte', 'Matcha de grado ceremonial batido con bebida de avena'],
    67: ['Chocolate caliente', 'Chocolate belga y nata montada'],
    68: ['Tinto de la casa', 'Montepulciano d’Abruzzo, copa de 175 ml'],
    69: ['Blanco de la casa', 'Pinot Grigio delle Venezie, copa de 175 ml'],
    70: ['Prosecco', 'Extra dry, copa de 125 ml'],
    71: ['IPA artesana', 'Pale ale cítrica, 5,6 %, lata de 440 ml'],
    72: ['Lager italiana', 'Fresca y ligera, 4,8 %, botella de 330 ml'],
    73: ['Negroni', 'Ginebra, Campari y vermut rojo con hielo y piel de naranja'],
    74: ['Zumo de naranja natural', 'Exprimido al momento'],
    75: ['Batido verde', 'Espinacas, manzana, plátano y jengibre'],
    76: ['Batido de frutos rojos', 'Fresa, arándano, plátano y bebida de avena'],
    77: ['Lassi de mango', 'Mango, yogur y una pizca de cardamomo'],
  },
  options: {
    Size: 'Tamaño', 'Regular 30 cm': 'Normal 30 cm', 'Large 36 cm': 'Grande 36 cm', 'Family 45 cm': 'Familiar 45 cm',
    'Extra toppings': 'Ingredientes extra', 'Extra mozzarella': 'Mozzarella extra', Mushrooms: 'Champiñones',
    Olives: 'Aceitunas', 'Spicy salami': 'Salami picante', Anchovies: 'Anchoas', Doneness: 'Punto de la carne',
    Rare: 'Poco hecho', 'Medium rare': 'Al punto menos', Medium: 'Al punto', 'Well done': 'Muy hecho',
    Milk: 'Leche', 'Oat milk': 'Bebida de avena', 'Soy milk': 'Bebida de soja',
    'Plant-based mozzarella': 'Mozzarella vegetal', 'Roasted peppers': 'Pimientos asados',
  },
};

// prettier-ignore
const ar: MenuTranslations = {
  categories: {
    1: ['المقبلات', 'شوربات وسلطات وأطباق صغيرة للمشاركة ريثما تستقر'],
    2: ['الأطباق الرئيسية', 'أطباق مشبعة من الشواية والبحر والحديقة'],
    3: ['بيتزا ومعكرونة', 'بيتزا في فرن الحطب ومعكرونة طازجة تُحضَّر كل صباح'],
    4: ['الحلويات', 'شيء حلو للختام'],
    5: ['المشروبات', 'باردة وساخنة وفوّارة'],
  },
  subCategories: {
    1: 'الشوربات', 2: 'السلطات', 3: 'أطباق صغيرة', 4: 'من الشواية', 5: 'المأكولات البحرية',
    6: 'أطباق نباتية رئيسية', 7: 'بيتزا', 8: 'معكرونة', 9: 'كعك وفطائر', 10: 'آيس كريم', 11: 'مشروبات غازية',
    12: 'قهوة وشاي', 13: 'نبيذ وبيرة وكوكتيلات', 14: 'عصائر وسموذي',
  },
  menuItems: {
    1: ['شوربة الطماطم المشوية', 'طماطم محمّصة ببطء وزيت الريحان وخبز العجين المخمّر المحمّص'],
    2: ['شوربة البصل الفرنسية', 'بصل مكرمل في مرق اللحم تحت خبز محمّص بجبن غرويير'],
    3: ['شوربة العدس المتبّلة', 'عدس أحمر وكمون وليمون وكزبرة طازجة'],
    4: ['شوربة المحار', 'شوربة كريمية على طريقة نيو إنجلاند مع البطاطا ولحم مقدد مدخّن'],
    5: ['سلطة سيزر', 'خس روماني وصلصة الأنشوفة وبارميزان وخبز محمّص بالثوم'],
    6: ['سلطة يونانية', 'طماطم وخيار وزيتون كالاماتا وجبن فيتا وزعتر بري'],
    7: ['سلطة الشمندر وجبن الماعز', 'شمندر مشوي وجبن ماعز مخفوق وجوز مكرمل'],
    8: ['وعاء الكينوا', 'كينوا وأفوكادو وإدامامي وزنجبيل مخلل وسمسم'],
    9: ['سلطة اللحم التايلاندية', 'لحم بقري محمّر وفلفل حار وليمون أخضر ونعناع وأرز محمّص'],
    10: ['خبز بالثوم', 'خبز تشاباتا مخبوز بزبدة الثوم والبقدونس'],
    11: ['كاليماري مقرمش', 'حبار مقلي قليلًا مع أيولي الليمون'],
    12: ['باتاتاس برافاس', 'بطاطا مقرمشة وصلصة الفلفل الحلو المدخّن وأيولي'],
    13: ['بوراتا', 'بوراتا كريمية وطماطم تقليدية وريحان وزيت زيتون'],
    14: ['أجنحة الدجاج', 'صلصة بافلو وغموس الجبن الأزرق والكرفس'],
    15: ['حمص مع خبز', 'حمص بالزعتر مع خبز دافئ'],
    16: ['قرنبيط مقلي على الطريقة الكورية', 'صلصة غوتشوجانغ وسمسم وبصل أخضر'],
    17: ['ستيك ريب آي 300 غ', 'ريب آي معتّق وصلصة الفلفل وبطاطا مقطّعة يدويًا'],
    18: ['برغر أمبر', 'شريحة لحم بقري وجبن شيدر معتّق ومربى اللحم المقدد وخبز بريوش مع بطاطا'],
    19: ['فخذ دجاج مشوي', 'تتبيلة الليمون والأعشاب وذرة مشوية وسلطة ملفوف'],
    20: ['ريش لحم الضأن', 'ريش ضأن بإكليل الجبل وصلصة النعناع الخضراء وبطاطا مهروسة'],
    21: ['أضلاع لحم الخنزير المشوية', 'أضلاع مطهوة ببطء بصلصة البوربون المدخّنة وسلطة ملفوف'],
    22: ['برغر سماش مزدوج', 'شريحتان مقرمشتا الأطراف وجبن أمريكي ومخلل وبطاطا'],
    23: ['سلمون محمّر', 'سلمون بجلد مقرمش وصلصة الزبدة البيضاء وهليون'],
    24: ['سمك وبطاطا', 'سمك قد مغطّى بخليط البيرة وبازلاء مهروسة وصلصة التارتار'],
    25: ['روبيان بالثوم', 'روبيان النمر بالفلفل الحار والثوم والنبيذ الأبيض مع خبز العجين المخمّر'],
    26: ['قاروص مشوي', 'سمكة قاروص كاملة مع الشمر والليمون والقبّار'],
    27: ['باييلا المأكولات البحرية', 'أرز بالزعفران وبلح البحر والروبيان والحبار والسجق الإسباني'],
    28: ['ريزوتو الفطر البري', 'أرز أربوريو وفطر بري وزيت الكمأة وبارميزان'],
    29: ['باذنجان بالبارميزان', 'طبقات من الباذنجان والطماطم والموزاريلا والريحان'],
    30: ['كاري الحمص والسبانخ', 'كاري بجوز الهند مع أرز بسمتي وخبز النان'],
    31: ['برغر الحلوم', 'حلوم مشوي وفلفل محمّص ومايونيز بالهريسة'],
    32: ['ستيك القرنبيط', 'قرنبيط محمّص وصلصة روميسكو ولوز محمّص'],
    33: ['مارغريتا', 'طماطم سان مارزانو وجبن فيور دي لاتي وريحان'],
    34: ['ديافولا', 'سلامي حار وطماطم وموزاريلا وزيت الفلفل الحار'],
    35: ['أربعة أجبان', 'موزاريلا وغورغونزولا وفونتينا وبارميزان'],
    36: ['بروشوتو وجرجير', 'لحم بارما وجرجير وشرائح بارميزان وطماطم'],
    37: ['فونغي', 'فطر مشكّل وثوم وزعتر وموزاريلا'],
    38: ['حديقة نباتية', 'خضار مشوية وجبن نباتي وبيستو الريحان'],
    39: ['كابريتشوزا', 'لحم مقدد وخرشوف وفطر وزيتون وموزاريلا'],
    40: ['سباغيتي كاربونارا', 'غوانشالي وصفار البيض وبيكورينو وفلفل أسود'],
    41: ['بيني أرابياتا', 'طماطم وثوم وفلفل حار وبقدونس'],
    42: ['تالياتيلي بولونيز', 'راغو لحم بقري وخنزير مطهو ببطء'],
    43: ['تروفي بالبيستو', 'بيستو الريحان وفاصولياء خضراء وبطاطا وصنوبر'],
    44: ['لينغويني بالكركند', 'نصف كركند وطماطم كرزية وفلفل حار وثوم'],
    45: ['نيوكي على طريقة سورينتو', 'نيوكي البطاطا مخبوزة بالطماطم والموزاريلا والريحان'],
    46: ['لازانيا بالفرن', 'راغو لحم بقري وبشاميل وبارميزان مخبوزة حتى تفور'],
    47: ['تيراميسو', 'ماسكاربوني وبسكويت سافوياردي منقوع بالإسبريسو وكاكاو'],
    48: ['فوندان الشوكولاتة', 'كعكة شوكولاتة دافئة بقلب ذائب مع آيس كريم الفانيليا'],
    49: ['تارت الليمون', 'كريمة ليمون لاذعة وعجينة مقرمشة وكريمة فريش'],
    50: ['تشيز كيك نيويورك', 'تشيز كيك مخبوز بالفانيليا مع كومبوت التوت'],
    51: ['بودينغ التوفي', 'كعكة التمر وصلصة التوفي وقشطة كثيفة'],
    52: ['فطيرة البقان', 'فطيرة البقان بشراب القيقب مع كريمة الفانيليا'],
    53: ['أفوغاتو', 'جيلاتو الفانيليا مغمور بجرعة إسبريسو'],
    54: ['ثلاثي الجيلاتو', 'فستق وستراتشاتيلا وكراميل مملّح'],
    55: ['سوربيه المانجو', 'سوربيه مانجو ألفونسو مع برش الليمون الأخضر'],
    56: ['كأس نيكربوكر', 'طبقات من الآيس كريم والفاكهة والجيلي والقشطة في كأس طويلة'],
    57: ['ليموناضة منزلية', 'ليمون طازج ونعناع ومياه فوّارة'],
    58: ['كولا', 'زجاجة 330 مل تُقدَّم مع الثلج والليمون'],
    59: ['مياه فوّارة', 'زجاجة 750 مل من المياه المعدنية الإيطالية'],
    60: ['بيرة الزنجبيل', 'زنجبيل لاذع يُخمَّر على دفعات صغيرة'],
    61: ['شاي الخوخ المثلّج', 'شاي أسود منقوع على البارد مع الخوخ الأبيض'],
    62: ['إسبريسو', 'جرعة مزدوجة من تحميصنا أحادي المصدر'],
    63: ['فلات وايت', 'ريستريتو مزدوج مع حليب مبخّر ناعم'],
    64: ['كابتشينو', 'إسبريسو وحليب مبخّر وطبقة كثيفة من الرغوة'],
    65: ['شاي الإفطار الإنجليزي', 'إبريق من خلطة آسام القوية والحليب جانبًا'],
    66: ['ماتشا لاتيه', 'ماتشا فاخرة مخفوقة مع حليب الشوفان'],
    67: ['شوكولاتة ساخنة', 'شوكولاتة بلجيكية وكريمة مخفوقة'],
    68: ['النبيذ الأحمر للمنزل', 'مونتيبولتشانو دابروتسو، كأس 175 مل'],
    69: ['النبيذ الأبيض للمنزل', 'بينو غريجيو ديلي فينيتسيه، كأس 175 مل'],
    70: ['بروسيكو', 'إكسترا دراي، كأس 125 مل'],
    71: ['بيرة IPA حِرفية', 'بيل إيل بنكهة الحمضيات، 5.6%، علبة 440 مل'],
    72: ['بيرة لاغر إيطالية', 'منعشة وخفيفة، 4.8%، زجاجة 330 مل'],
    73: ['نيغروني', 'جن وكامباري وفيرموث حلو على الثلج مع قشر البرتقال'],
    74: ['عصير برتقال طازج', 'يُعصر عند الطلب'],
    75: ['سموذي أخضر', 'سبانخ وتفاح وموز وزنجبيل'],
    76: ['سموذي التوت', 'فراولة وتوت أزرق وموز وحليب الشوفان'],
    77: ['لاسي المانجو', 'مانجو ولبن ورشة من الهيل'],
  },
  options: {
    Size: 'الحجم', 'Regular 30 cm': 'عادي 30 سم', 'Large 36 cm': 'كبير 36 سم', 'Family 45 cm': 'عائلي 45 سم',
    'Extra toppings': 'إضافات', 'Extra mozzarella': 'موزاريلا إضافية', Mushrooms: 'فطر', Olives: 'زيتون',
    'Spicy salami': 'سلامي حار', Anchovies: 'أنشوفة', Doneness: 'درجة الاستواء', Rare: 'نيء قليلًا',
    'Medium rare': 'متوسط إلى نيء', Medium: 'متوسط', 'Well done': 'مستوٍ جيدًا', Milk: 'الحليب',
    'Oat milk': 'حليب الشوفان', 'Soy milk': 'حليب الصويا', 'Plant-based mozzarella': 'موزاريلا نباتية',
    'Roasted peppers': 'فلفل مشوي',
  },
};

export const DEMO_TRANSLATIONS: Readonly<Record<string, MenuTranslations>> = { es, ar };

/** Every translation of the demo menu as rows of the provider's `translations` table. */
export function demoTranslationRows(data: DemoRestaurant): TranslationRow[] {
  return Object.entries(DEMO_TRANSLATIONS).flatMap(([language, menu]) => {
    const rows: TranslationRow[] = [];
    const add = (kind: TranslationKind, id: number, name: string | undefined, description: string | null = null) => {
      if (name !== undefined) rows.push({ kind, id, language, name, description });
    };
    const both = (kind: TranslationKind, id: number, found: [string, string] | undefined) => {
      if (found) add(kind, id, found[0], found[1]);
    };
    for (const category of data.categories) both('category', category.id, menu.categories[category.id]);
    for (const sub of data.subCategories) add('sub_category', sub.id, menu.subCategories[sub.id]);
    for (const item of data.menuItems) {
      both('menu_item', item.id, menu.menuItems[item.id]);
      for (const group of item.options ?? []) {
        add('option_group', group.id, menu.options[group.name]);
        for (const choice of group.choices) add('option_choice', choice.id, menu.options[choice.name]);
      }
    }
    return rows;
  });
}
