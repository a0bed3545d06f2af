package cgp_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// CGP reales, copiados tal cual de proyectos públicos (ver
// testdata/README: repositorio, ruta, commit y licencia de cada fuente).
// Etiquetas de las fuentes: OP, OP-siu (woogles-io/open-protocols, MIT);
// MR-b, MPEG-a, MPEG-b (domino14/macondo, GPL-3.0); FQ, FQ2
// (falquiboy/macondo); MG-tc (jvc56/MAGPIE, GPL-3.0).

// realesIngleses son posiciones del juego inglés clásico (15×15, 100
// fichas con 2 comodines): se leen con SOWPODS.
var realesIngleses = []string{
	// OP: cgp/README.md, NWL18, el rival cambió 2 fichas.
	"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELNOQT/ 0/0 0 lex NWL18; lm -2;",
	// MR-b: cgp/README.md, la misma posición con otra sintaxis de lm.
	"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELNOQT/ 0/0 0 lex NWL18; lm exchange 2;",
	// OP: cgp/README.md, final del artículo de Maven, OSPD1.
	"5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/AEINRU? 0/0 0 lex OSPD1;",
	// OP-siu: siu/conformance/positions.json, sin operaciones.
	"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0",
	// MPEG-a: preendgame/peg_test.go, NWL20, una en la bolsa.
	"15/3Q7U3/3U2TAURINE2/1CHANSONS2W3/2AI6JO3/DIRL1PO3IN3/E1D2EF3V4/F1I2p1TRAIK3/O1L2T4E4/ABy1PIT2BRIG2/ME1MOZELLE5/1GRADE1O1NOH3/WE3R1V7/AT5E7/G6D7 ENOSTXY/ACEISUY 356/378 0 lex NWL20;",
	// MPEG-b y FQ2: preendgame/peg_test.go, CSW19, dos en la bolsa.
	"1T13/1W3Q9/VERB1U9/1E1OPIUM5C1/1LAWIN1I5O1/1Y3A1E5R1/7V4NO1/NOTArIZE1C2UN1/6ODAH2LA1/3TAHA2I2LED/2JUT4R2A1O/3G5P4D/3R3BrIEFING/3I5L4E/3K2DESYNES1M AEFGSTX/EEIOOST 370/341 0 lex CSW19;",
	// MPEG-b: preendgame/peg_test.go, NWL20, comodín en la primera columna.
	"AnORETIC7/7R7/2C1EMEU7/1JANNY1X7/2P12/1SIDELING6/2ZAG7Q2/3MOVED3AA2/6FEAL1IT2/2NEGATES2D3/3DOH2KEEFS2/WITH7UN2/I10LO2/LABOUR6B2/Y6POTTOS2 ?AENORW/EIIIRUV 332/384 0 lex NWL20;",
	// MPEG-a: preendgame/peg_test.go, NWL20, dos comodines en una palabra.
	"13AW/11F1LI/10JURAT/9LINER1/8O1T4/5C1WAsTiNG1/4DAMAR1E4/3PARED2ROUEN/2YA1K9/1BERG1OATH4V/3COUP1I5E/3H1TESTILY2N/4FAN1I2OXID/9MIB2U/7ZEES3E EEILOSS/ 297/300 0 lex NWL20;",
	// MG-tc: test/test_constants.h, dos comodines en una mano.
	"15/15/15/15/14V/9MALTHA/14N/6GUM3O1N/7PEW2D1E/9EF1D1R/9BEVELS/12S2/12T2/15/15 EGOOY/ACEIO?? 81/137 0 -lex CSW21;",
	// MG-tc: test/test_constants.h (VS_OXY), las dos manos desconocidas.
	"1PACIFYING5/1IS12/YE13/1REQUALIFIED3/H1L12/EDS12/NO3T9/1RAINWASHING3/UM3O9/T2E1O9/1WAKEnERS6/1OnETIME7/OOT2E1B7/N6U7/1JACULATING4 / 0/0 0 -lex NWL20;",
	// MG-tc: test/test_constants.h, solo se conoce la mano del rival.
	"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 /ABC 0/0 0 -lex CSW21;",
	// MG-tc: test/test_constants.h (ZINE_LINE_CGP), sin operaciones.
	"C14/O2TOY9/mIRADOR8/F4DAB2PUGH1/I5GOOEY3V/T4XI2MALTHA/14N/6GUM3OWN/7PEW2DOE/9EF1DOR/2KUNA1J1BEVELS/3TURRETs2S2/7A4T2/7N7/7S7 / 336/298 0",
	// MG-tc: test/test_constants.h (WORMROOT_CGP), puntajes de 1000.
	"ZONULE1B2APAID/1KY2RHANJA4/GAM4R2HUI2/7G6D/6FECIT3O/6AE1TOWIES/6I4O2E/1EnGUARD3R2D/NAOI2W4M3/6AT3R3/5PYE3O3/5L1L3O3/2COVE1L3T3/5X1E7/7N7 BFQRTTV/EEEIIIN 1000/1000 0 lex CSW21;",
	// MG-tc: test/test_constants.h (ENTASIS_OPENING_CGP), sin ";" final.
	"15/15/15/15/15/15/15/2ENTASIS6/15/15/15/15/15/15/15 / 0/0 0 -lex CSW21",
	// FQ2: preendgame/peg_test.go, NWL20, cuatro en la bolsa.
	"7LITERARY/6QI7/1YET3NEBULA2/2FAX2G7/4INVOKED4/9T5/9E5/5AVOWs5/9I5/1CLIME1R1A5/4ENWOUND4/PATEN1HO5J1/L5OF4BIG/U5AI1HUE1G1/M6EDITRESS ACEOOSZ/ANOPRRT 331/336 0 lex NWL20;",
	// FQ2: preendgame/peg_test.go, CSW21, comodín en la última columna.
	"12BEN/9JUDOS1/11R1TE/7BRAVI2X/6QI3L2U/5P1OKA1L2L/5O1TOME3T/5U1AA1N1ORe/5R4G1FID/5I4R2Z1/3HIE4A1VAU/3IDS1P1FINO2/2TEE2OY1L1W2/2Y1MaRTENS4/GAGE3EW6 ACDINST/ 345/357 0 lex CSW21;",
}

// realesEspanoles son posiciones del juego FISE (FILE2017): se leen con
// espanol.Clasica.
var realesEspanoles = []string{
	// FQ: preendgame/peg_spanish_regression_test.go, [CH] y [RR].
	"BRO[CH]A2C3VEJO/3U1D1RO1FALO1/2ET1I1EX1AHE2/COSO1G1Y3E3/2T2APO[RR]eAIS2/1ZA3L4S3/2N2QUAD6/2C3ME7/1PANDEAS7/1UN1EH9/3DA10/URSINAs8/R5UTERINO2/G14/I14 ACDILÑS/ 0/0 0 lex FILE2017;",
	// FQ: preendgame/peg_spanish_regression_test.go, [CH], [RR] y [LL].
	"3B11/3U8SE1/3G8OH1/3L8N2/3EA7R1I/4C7E1Z/4O1A1UtOPICO/1M2L1PUYO2R1T/1A2[CH]1R7E/ASOMARES1Q3X1/1E2S1S2U2TI1/TA1DESA[RR]IENDA2/AD4R5L2/ÑO3FA5U2/Es2[LL]ENO2VIDON ABCEGJL/ 374/409 0 lex FILE2017;",
	// FQ: preendgame/peg_spanish_regression_test.go, tres en la bolsa.
	"3HA[CH]EES6/3U11/2HILADOR6/3L3C7/2MOFO1UNCE4/6OLEEN4/5S1T2R1T2/AEROLITO1BI[RR]EMe/P4U4A1R2/AJ3X3ADUCEN/RA1O6O1E1I/CIÑAS7T1E/ASA9O1G/D11S1A/o13N DENPUYZ/ 409/407 0 lex FILE2017;",
}

// realesOtros son posiciones de variantes que la biblioteca no tiene: se
// leen solo con un alfabeto (cgp.Opciones.Alfabeto). Falta el CGP catalán de
// MG-tc (test/test_constants.h, DISC2): su ficha [L·L] tiene un carácter
// que no es una letra, y un letra.Alfabeto no puede tenerlo.
//
// El CGP francés de MPEG-a está mal formado en su fuente: su tercera fila,
// "8A1E1DO", tiene 14 celdas (Macondo arma las filas que encuentre, sin
// contarlas). Se prueba que se rechaza con un error que nombra la fila.
var realesOtros = []struct {
	alfabeto string
	texto    string
	malo     bool // la fuente está mal formada
}{
	// MPEG-a: preendgame/peg_test.go, francés (FRA20), sin la mano del rival.
	{"latino", "11ONZE/10J2O1/8A1E1DO/7QUETEE1H/10E1F1U/8ECUMERA/8C1R1TIR/7WOKS2ET/6DUR6/5G2N1M4/4HALLALiS3/1G1P1P1OM1XI3/VIVONS1BETEL3/IF1N3AS1RYAL1/ETUDIAIS7 AEINRST/ 301/300 0 lex FRA20; ld french;", true},
	// MPEG-b: preendgame/peg_test.go, polaco (OSPS49).
	{"polaco", "13P1/12SYĆ/11HET1/11IMA1/3C6T1EN1/2PiLŻE2WOŹNI1/1K1C5SI1Y2/DASHI2ZATNĘ3/1R1A4BAO4/1M1C1Z1ROŃ5/3ZŁU1A7/3Y1PÓKI1WERS1/GOJ2Y1IWIE4/1BOA3JĄŁ5/KANADZIE7 GLLMNOŚ/?DEFRUZ 307/288 0 lex OSPS49; ld polish;", false},
	// MG-tc: test/test_constants.h, polaco (OSPS49), estilo MAGPIE.
	{"polaco", "15/15/11FiŚ1/11LI2/9CŁA3/9Z1N3/8HOI4/6STĘPIĆ3/5AUR1Y5/4SAMY2G4/2CLE4JA1K2/2LARWO1SAMBIE1/2I1WENTO1O1IW1/E6END3Y1/ZDZIAŁaJ1Y5 ACNNPRW/AHIKPZŻ 240/200 0 -lex OSPS49;", false},
	// MG-tc: test/test_constants.h (ANTHROPOMORPHISATIONS_CGP), 21×21.
	{"latino", "21/21/21/21/21/21/21/21/21/21/6POMORPHISATION1/21/21/21/21/21/21/21/21/21/21 / 0/0 0 -lex CSW21;", false},
}

// varianteInglesa devuelve la variante inglesa clásica con SOWPODS, o
// saltea si el léxico de prueba no está.
func varianteInglesa(tb testing.TB) *variante.Variante { return pruebas.Ingles(tb) }

func alfabetoPolaco(tb testing.TB) *letra.Alfabeto {
	alf, err := letra.NuevoAlfabeto(strings.Fields("A Ą B C Ć D E Ę F G H I J K L Ł M N Ń O Ó P R S Ś T U W Y Z Ź Ż")...)
	require.NoError(tb, err)
	return alf
}

// idaYVuelta lee s con leer, lo escribe en la forma canónica, lo vuelve a
// leer y comprueba que da lo mismo y que escribirlo otra vez no cambia el
// texto.
func idaYVuelta(t *testing.T, s string, leer func(string) (*cgp.Posicion, error)) *cgp.Posicion {
	t.Helper()
	p, err := leer(s)
	require.NoError(t, err, s)
	canonico, err := cgp.Formatear(p)
	require.NoError(t, err)
	q, err := leer(canonico)
	require.NoError(t, err, canonico)
	require.Equal(t, p, q)
	otra, err := cgp.Formatear(q)
	require.NoError(t, err)
	require.Equal(t, canonico, otra)
	return p
}

// probarJuego comprueba que la posición da un juego y que pedirle las
// palabras ilegítimas funciona (algunas posiciones son de otro léxico).
func probarJuego(t *testing.T, p *cgp.Posicion, v *variante.Variante) {
	t.Helper()
	require.Same(t, v, p.Variante)
	j, err := p.Juego()
	require.NoError(t, err)
	require.NoError(t, j.Verificar())
	require.Equal(t, p.Tablero, j.Tablero())
	for i, m := range p.Manos {
		mano, err := j.Fichas(i)
		require.NoError(t, err)
		require.True(t, mano.Incluye(m))
	}
	malas := j.PalabrasIlegitimas()
	t.Logf("%d palabras que el léxico no tiene", len(malas))
}

func TestRealesIngleses(t *testing.T) {
	v := varianteInglesa(t)
	for _, s := range realesIngleses {
		t.Run("", func(t *testing.T) {
			p := idaYVuelta(t, s, func(s string) (*cgp.Posicion, error) { return cgp.Parsear(s, cgp.Opciones{Variante: v}) })
			probarJuego(t, p, v)
		})
	}
}

func TestRealesEspanoles(t *testing.T) {
	v := espanol.Clasica()
	for _, s := range realesEspanoles {
		t.Run("", func(t *testing.T) {
			p := idaYVuelta(t, s, func(s string) (*cgp.Posicion, error) { return cgp.Parsear(s, cgp.Opciones{Variante: v}) })
			lex, _ := p.Operacion("lex")
			require.Equal(t, "FILE2017", lex)
			probarJuego(t, p, v)
		})
	}
}

func TestRealesOtros(t *testing.T) {
	alfabetos := map[string]*letra.Alfabeto{"latino": letra.Ingles(), "polaco": alfabetoPolaco(t)}
	for _, r := range realesOtros {
		t.Run(r.alfabeto, func(t *testing.T) {
			leer := func(s string) (*cgp.Posicion, error) {
				return cgp.Parsear(s, cgp.Opciones{Alfabeto: alfabetos[r.alfabeto]})
			}
			if !r.malo {
				idaYVuelta(t, r.texto, leer)
				return
			}
			_, err := leer(r.texto)
			require.ErrorIs(t, err, cgp.ErrFormato)
			var e *cgp.Error
			require.ErrorAs(t, err, &e)
			require.Equal(t, cgp.CampoTablero, e.Campo)
			require.Equal(t, 3, e.Indice)
			require.Equal(t, "8A1E1DO", e.Fragmento)
		})
	}
}

// TestRealesCanonicos: los CGP reales que ya están en la forma canónica
// se escriben igual que se leyeron.
func TestRealesCanonicos(t *testing.T) {
	v := varianteInglesa(t)
	iguales := 0
	for _, s := range realesIngleses {
		p, err := cgp.Parsear(s, cgp.Opciones{Variante: v})
		require.NoError(t, err)
		c, err := cgp.Formatear(p)
		require.NoError(t, err)
		if c == s {
			iguales++
		} else {
			t.Logf("%s\n→ %s", s, c)
		}
	}
	t.Logf("%d de %d ya eran canónicos", iguales, len(realesIngleses))
	require.Equal(t, 11, iguales) // los otros 5: "?" al final de la mano, "lex" sin "-", el ";" final
}
